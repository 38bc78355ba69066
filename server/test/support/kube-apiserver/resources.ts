/**
 * The resources the stand-in serves, with the discovery facts (kind, plural, short names, verbs,
 * categories) of the recorded discovery documents in kubernetes/kubernetes `api/discovery/`.
 */
export interface ResourceType {
  group: string;
  version: string;
  /** The plural, as in URLs. */
  name: string;
  singularName: string;
  kind: string;
  namespaced: boolean;
  shortNames?: string[];
  categories?: string[];
  /** Has the `scale` subresource (autoscaling/v1 Scale). */
  scalable?: boolean;
}

const VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

export const RESOURCE_TYPES: readonly ResourceType[] = [
  { group: '', version: 'v1', name: 'namespaces', singularName: 'namespace', kind: 'Namespace', namespaced: false, shortNames: ['ns'] },
  { group: '', version: 'v1', name: 'nodes', singularName: 'node', kind: 'Node', namespaced: false, shortNames: ['no'] },
  { group: '', version: 'v1', name: 'pods', singularName: 'pod', kind: 'Pod', namespaced: true, shortNames: ['po'], categories: ['all'] },
  { group: '', version: 'v1', name: 'services', singularName: 'service', kind: 'Service', namespaced: true, shortNames: ['svc'], categories: ['all'] },
  { group: '', version: 'v1', name: 'configmaps', singularName: 'configmap', kind: 'ConfigMap', namespaced: true, shortNames: ['cm'] },
  { group: '', version: 'v1', name: 'secrets', singularName: 'secret', kind: 'Secret', namespaced: true },
  { group: '', version: 'v1', name: 'persistentvolumes', singularName: 'persistentvolume', kind: 'PersistentVolume', namespaced: false, shortNames: ['pv'] },
  { group: '', version: 'v1', name: 'persistentvolumeclaims', singularName: 'persistentvolumeclaim', kind: 'PersistentVolumeClaim', namespaced: true, shortNames: ['pvc'] },
  { group: '', version: 'v1', name: 'events', singularName: 'event', kind: 'Event', namespaced: true, shortNames: ['ev'] },
  { group: 'apps', version: 'v1', name: 'deployments', singularName: 'deployment', kind: 'Deployment', namespaced: true, scalable: true, shortNames: ['deploy'], categories: ['all'] },
  { group: 'apps', version: 'v1', name: 'replicasets', singularName: 'replicaset', kind: 'ReplicaSet', namespaced: true, scalable: true, shortNames: ['rs'], categories: ['all'] },
  { group: 'apps', version: 'v1', name: 'statefulsets', singularName: 'statefulset', kind: 'StatefulSet', namespaced: true, scalable: true, shortNames: ['sts'], categories: ['all'] },
  { group: 'apps', version: 'v1', name: 'daemonsets', singularName: 'daemonset', kind: 'DaemonSet', namespaced: true, shortNames: ['ds'], categories: ['all'] },
  { group: 'batch', version: 'v1', name: 'jobs', singularName: 'job', kind: 'Job', namespaced: true, categories: ['all'] },
  { group: 'batch', version: 'v1', name: 'cronjobs', singularName: 'cronjob', kind: 'CronJob', namespaced: true, shortNames: ['cj'], categories: ['all'] },
  { group: 'networking.k8s.io', version: 'v1', name: 'ingresses', singularName: 'ingress', kind: 'Ingress', namespaced: true, shortNames: ['ing'] },
];

export const groupVersionOf = (type: ResourceType): string => (type.group === '' ? type.version : `${type.group}/${type.version}`);

export function resourceByKind(kind: string): ResourceType {
  const found = RESOURCE_TYPES.find((type) => type.kind === kind);
  if (!found) throw new Error(`the stand-in serves no ${kind}`);
  return found;
}

/** `/api` (APIVersions). */
export function coreVersions(): unknown {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }] };
}

/** `/apis` (APIGroupList) and `/apis/{group}` (APIGroup). */
export function apiGroup(group: string): unknown {
  const versions = [...new Set(RESOURCE_TYPES.filter((type) => type.group === group).map((type) => type.version))].map((version) => ({ groupVersion: `${group}/${version}`, version }));
  return { kind: 'APIGroup', apiVersion: 'v1', name: group, versions, preferredVersion: versions[0] };
}

export function apiGroupList(): unknown {
  const groups = [...new Set(RESOURCE_TYPES.map((type) => type.group).filter((group) => group !== ''))];
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map((group) => { const { kind: _kind, apiVersion: _version, ...rest } = apiGroup(group) as Record<string, unknown>; return rest; }) };
}

/** `/api/v1`, `/apis/{group}/{version}` (APIResourceList); undefined for a version not served. */
export function apiResourceList(group: string, version: string): unknown {
  const types = RESOURCE_TYPES.filter((type) => type.group === group && type.version === version);
  if (types.length === 0) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group === '' ? version : `${group}/${version}`,
    resources: types.flatMap((type) => [
      {
        name: type.name,
        singularName: type.singularName,
        namespaced: type.namespaced,
        kind: type.kind,
        verbs: VERBS,
        ...(type.shortNames ? { shortNames: type.shortNames } : {}),
        ...(type.categories ? { categories: type.categories } : {}),
      },
      // kubectl scale finds the Scale kind of a resource here.
      ...(type.scalable ? [{ name: `${type.name}/scale`, singularName: '', namespaced: true, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] }] : []),
    ]),
  };
}
