/**
 * The `k8s` object canary-checker's topology scripts call (`k8s.getNodeTopology(results)`,
 * `k8s.getPodTopology(results)`, `k8s.filterLabels`, `k8s.conditions.*`) and the quantity helpers
 * they use (`fromSI`, `fromMillicores`, `startsWith`, `endsWith`), written for Pharos: Javascript
 * source evaluated in the script sandbox before a script that names `k8s.`. A node component carries
 * the Node info properties (spec 1 §3) with their labels, so the topology card shows them as they are.
 */
export const K8S_LIBRARY = String.raw`
var __SI = { n: 1e-9, u: 1e-6, m: 1e-3, k: 1e3, K: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18, Ki: 1024, Mi: 1048576, Gi: 1073741824, Ti: 1099511627776, Pi: 1125899906842624, Ei: 1152921504606846976 };
function __quantity(value) {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return value;
  var match = /^([+-]?[0-9.]+(?:[eE][+-]?[0-9]+)?)([a-zA-Z]*)$/.exec(String(value).trim());
  if (!match) return null;
  var factor = match[2] === '' ? 1 : __SI[match[2]];
  return factor === undefined ? null : Number(match[1]) * factor;
}
function fromSI(value) { var q = __quantity(value); return q === null ? 0 : Math.round(q); }
function fromMillicores(value) { var q = __quantity(value); return q === null ? 0 : Math.round(q * 1000); }
function startsWith(text, prefix) { return String(text).indexOf(prefix) === 0; }
function endsWith(text, suffix) { text = String(text); return text.length >= suffix.length && text.slice(text.length - suffix.length) === suffix; }

var k8s = (function () {
  function objectOf(result) { return result && result.Object ? result.Object : result; }
  function labelOf(labels, names) {
    for (var i = 0; i < names.length; i++) if (labels && labels[names[i]]) return labels[names[i]];
    return undefined;
  }
  function text(name, label, value) { return value === undefined || value === null || value === '' ? null : { name: name, label: label, text: String(value) }; }
  function present(list) { return list.filter(function (item) { return item !== null; }); }
  function readyCondition(object) {
    var conditions = (object.status && object.status.conditions) || [];
    for (var i = 0; i < conditions.length; i++) if (conditions[i].type === 'Ready') return conditions[i];
    return undefined;
  }
  function healthOf(object, result) {
    if (result && result.healthStatus && result.healthStatus.health) {
      var health = result.healthStatus.health;
      return { status: health === 'healthy' ? 'healthy' : health === 'warning' ? 'warning' : health === 'unknown' ? 'unknown' : 'unhealthy', reason: health === 'healthy' ? '' : (result.healthStatus.message || '').trim() };
    }
    var ready = readyCondition(object);
    if (!ready) return { status: 'unknown', reason: '' };
    return ready.status === 'True' ? { status: 'healthy', reason: '' } : { status: 'unhealthy', reason: (ready.message || ready.reason || 'not ready').trim() };
  }
  var library = {
    conditions: {
      getMessage: function (v) { return v.healthStatus && v.healthStatus.message ? v.healthStatus.message.trim() : ''; },
      isReady: function (v) { return healthOf(objectOf(v), v).status === 'healthy'; },
      getError: function (v) {
        var object = objectOf(v);
        if (!object.status) return 'No status found';
        if (!object.status.conditions) return 'no conditions found';
        return object.status.conditions.filter(function (c) { return c.status === 'False'; }).map(function (c) {
          return c.lastTransitionTime + ': ' + c.type + ' is ' + c.reason + (c.message ? ' with ' + c.message : '');
        }).join(', ');
      },
    },
    filterLabels: function (labels) {
      var filtered = {};
      for (var key in labels || {}) if (!endsWith(key, '-hash')) filtered[key] = String(labels[key]);
      return filtered;
    },
    /** One component per Node: its Node info (spec 1) as labelled properties, its health from its Ready condition. */
    getNodeTopology: function (results) {
      return (results || []).map(function (result) {
        var node = objectOf(result);
        var labels = node.metadata.labels || {};
        var status = node.status || {};
        var info = status.nodeInfo || {};
        var capacity = status.capacity || {};
        var addresses = status.addresses || [];
        var address = function (type) { for (var i = 0; i < addresses.length; i++) if (addresses[i].type === type) return addresses[i].address; return undefined; };
        var health = healthOf(node, result);
        return {
          name: node.metadata.name,
          type: 'Kubernetes::Node',
          external_id: node.metadata.name,
          labels: library.filterLabels(labels),
          configs: [{ name: node.metadata.name, type: 'Kubernetes::Node' }],
          status: health.status,
          status_reason: health.reason,
          properties: present([
            text('node', 'Node', node.metadata.name),
            text('created', 'Created At', node.metadata.creationTimestamp),
            text('instance-type', 'Instance Type', labelOf(labels, ['node.kubernetes.io/instance-type', 'beta.kubernetes.io/instance-type'])),
            text('zone', 'Zone', labelOf(labels, ['topology.kubernetes.io/zone', 'failure-domain.beta.kubernetes.io/zone'])),
            text('os', 'OS', info.osImage ? info.osImage + (info.architecture ? ' (' + info.architecture + ')' : '') : undefined),
            text('containerRuntime', 'Container Runtime', info.containerRuntimeVersion),
            text('kernel', 'Kernel', info.kernelVersion),
            text('kubeProxy', 'Kubernetes proxy', info.kubeProxyVersion),
            text('kubelet', 'Kubelet', info.kubeletVersion),
            text('version', 'Version', info.kubeletVersion),
            capacity.memory ? { name: 'memory', label: 'Memory', unit: 'bytes', value: fromSI(capacity.memory) } : null,
            capacity.cpu ? { name: 'cpu', label: 'CPU', unit: 'millicores', value: fromMillicores(capacity.cpu) } : null,
            text('ip', 'IP', address('InternalIP')),
            text('externalIp', 'External IP', address('ExternalIP')),
            text('ami', 'AMI', labels['eks.amazonaws.com/nodegroup-image']),
          ]),
        };
      });
    },
    /** One component per Pod, under the component of its namespace when there is one, with its logs in the kubernetes log backend. */
    getPodTopology: function (results) {
      return (results || []).map(function (result) {
        var pod = objectOf(result);
        var spec = pod.spec || {};
        var first = (spec.containers || [])[0] || {};
        var limits = (first.resources && first.resources.limits) || {};
        var image = String(first.image || '');
        var tag = image.lastIndexOf(':') > image.lastIndexOf('/') ? image.slice(image.lastIndexOf(':') + 1) : undefined;
        var labels = library.filterLabels(pod.metadata.labels);
        labels.namespace = pod.metadata.namespace;
        var ips = (pod.status && pod.status.podIPs) || [];
        var health = healthOf(pod, result);
        return {
          name: pod.metadata.name,
          type: 'Kubernetes::Pod',
          external_id: pod.metadata.namespace + '/' + pod.metadata.name,
          labels: labels,
          logs: [{ name: 'Kubernetes', type: 'kubernetes', labels: { namespace: pod.metadata.namespace, pod: pod.metadata.name } }],
          configs: [{ name: pod.metadata.name, type: 'Kubernetes::Pod' }],
          parentLookup: { name: pod.metadata.namespace, type: 'Kubernetes::Namespace' },
          status: health.status,
          status_reason: health.reason,
          properties: present([
            tag ? { name: 'version', text: tag, headline: true } : null,
            limits.cpu ? { name: 'cpu', unit: 'millicores', headline: true, max: fromMillicores(limits.cpu) } : null,
            limits.memory ? { name: 'memory', unit: 'bytes', headline: true, max: fromSI(limits.memory) } : null,
            text('node', 'Node', spec.nodeName),
            text('created', 'Created At', pod.metadata.creationTimestamp),
            text('ip', 'IP', ips.length > 0 ? ips[0].ip : pod.status && pod.status.podIP),
          ]),
        };
      });
    },
    /** Any other kind: its name, namespace, labels and health. */
    getTopology: function (results) {
      return (results || []).map(function (result) {
        var object = objectOf(result);
        var namespace = object.metadata.namespace;
        var health = healthOf(object, result);
        return {
          name: object.metadata.name,
          type: 'Kubernetes::' + object.kind,
          external_id: (namespace ? namespace + '/' : '') + object.metadata.name,
          labels: library.filterLabels(object.metadata.labels),
          configs: [{ name: object.metadata.name, type: 'Kubernetes::' + object.kind }],
          status: health.status,
          status_reason: health.reason,
          properties: present([text('namespace', 'Namespace', namespace), text('created', 'Created At', object.metadata.creationTimestamp)]),
        };
      });
    },
    /** The components of objects of any kinds: nodes and pods as above, the rest by getTopology. */
    components: function (results) {
      var out = [];
      (results || []).forEach(function (result) {
        var kind = objectOf(result).kind;
        var made = kind === 'Node' ? library.getNodeTopology([result]) : kind === 'Pod' ? library.getPodTopology([result]) : library.getTopology([result]);
        out.push(made[0]);
      });
      return out;
    },
  };
  return library;
})();
`;

/** A script that calls the `k8s` object, which then needs the library. */
export const USES_K8S = /(^|[^\w$.])k8s\s*\./;
