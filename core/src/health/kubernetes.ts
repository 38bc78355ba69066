import type { Health } from '../constants/health.js';

/**
 * The health of a Kubernetes object from its status, as operators read it: what `kubectl get`
 * shows as its state, whether it is healthy, unhealthy, warning or unknown, ready, and why.
 */
export interface ObjectHealth {
  health: Health;
  status: string;
  ready: boolean;
  message: string;
}

type Obj = Record<string, unknown>;

const record = (value: unknown): Obj => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {});
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(record) : []);
const num = (value: unknown): number => (typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : Number(value ?? 0) || 0);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

const result = (health: Health, status: string, ready: boolean, message = ''): ObjectHealth => ({ health, status, ready, message });

function condition(status: Obj, type: string): Obj | undefined {
  return list(status['conditions']).find((entry) => entry['type'] === type);
}

const BAD_WAITING = ['CrashLoopBackOff', 'ImagePullBackOff', 'ErrImagePull', 'CreateContainerConfigError', 'InvalidImageName', 'RunContainerError'];

function pod(status: Obj, metadata: Obj): ObjectHealth {
  if (metadata['deletionTimestamp']) return result('warning', 'Terminating', false);
  const containers = [...list(status['initContainerStatuses']), ...list(status['containerStatuses'])];
  for (const container of containers) {
    const waiting = record(record(container['state'])['waiting']);
    const reason = str(waiting['reason']);
    if (BAD_WAITING.includes(reason)) return result('unhealthy', reason, false, str(waiting['message']));
    const terminated = record(record(container['lastState'])['terminated']);
    if (str(terminated['reason']) === 'OOMKilled' && !container['ready']) return result('unhealthy', 'OOMKilled', false);
  }
  const phase = str(status['phase']);
  const message = str(status['message']);
  if (phase === 'Succeeded') return result('healthy', 'Completed', false, message);
  if (phase === 'Failed') return result('unhealthy', str(status['reason']) || 'Failed', false, message);
  if (phase === 'Pending') return result('unknown', str(status['reason']) || 'Pending', false, message);
  if (phase === 'Running') {
    const ready = condition(status, 'Ready')?.['status'] === 'True';
    return ready ? result('healthy', 'Running', true) : result('warning', 'Running', false, 'not every container is ready');
  }
  return result('unknown', phase || 'Unknown', false, message);
}

function workload(kind: string, spec: Obj, status: Obj, metadata: Obj): ObjectHealth {
  const wanted = kind === 'DaemonSet' ? num(status['desiredNumberScheduled']) : spec['replicas'] === undefined ? 1 : num(spec['replicas']);
  const ready = kind === 'DaemonSet' ? num(status['numberReady']) : num(status['readyReplicas']);
  const text = `${ready}/${wanted}`;
  const generation = num(metadata['generation']);
  const observed = num(status['observedGeneration']);
  const progressing = condition(status, 'Progressing');
  if (progressing?.['reason'] === 'ProgressDeadlineExceeded') return result('unhealthy', 'Stalled', false, str(progressing['message']));
  const replicaFailure = condition(status, 'ReplicaFailure');
  if (replicaFailure?.['status'] === 'True') return result('unhealthy', 'ReplicaFailure', false, str(replicaFailure['message']));
  if (wanted === 0) return result('unknown', 'Scaled to 0', true);
  if (ready >= wanted) return result('healthy', text, true);
  if (generation > observed || ready > 0) return result('warning', text, false, `${ready} of ${wanted} replicas are ready`);
  return result('unhealthy', text, false, `no replica of ${wanted} is ready`);
}

function job(status: Obj): ObjectHealth {
  if (condition(status, 'Failed')?.['status'] === 'True') return result('unhealthy', 'Failed', false, str(condition(status, 'Failed')?.['message']));
  if (condition(status, 'Complete')?.['status'] === 'True') return result('healthy', 'Completed', true);
  if (num(status['active']) > 0) return result('unknown', 'Running', false);
  return result('unknown', 'Pending', false);
}

function fromConditions(status: Obj): ObjectHealth {
  for (const type of ['Ready', 'Available', 'Healthy']) {
    const found = condition(status, type);
    if (!found) continue;
    if (found['status'] === 'True') return result('healthy', type, true);
    return result('unhealthy', str(found['reason']) || `Not${type}`, false, str(found['message']));
  }
  const phase = str(status['phase']);
  return result('unknown', phase || 'Unknown', false);
}

export function kubernetesHealth(object: unknown): ObjectHealth {
  const obj = record(object);
  const kind = str(obj['kind']);
  const spec = record(obj['spec']);
  const status = record(obj['status']);
  const metadata = record(obj['metadata']);
  switch (kind) {
    case 'Pod':
      return pod(status, metadata);
    case 'Deployment':
    case 'StatefulSet':
    case 'ReplicaSet':
    case 'DaemonSet':
      return workload(kind, spec, status, metadata);
    case 'Job':
      return job(status);
    case 'CronJob':
      return spec['suspend'] === true ? result('warning', 'Suspended', true) : result('healthy', 'Scheduled', true);
    case 'Node': {
      const ready = condition(status, 'Ready');
      if (spec['unschedulable'] === true) return result('warning', 'SchedulingDisabled', ready?.['status'] === 'True');
      return ready?.['status'] === 'True' ? result('healthy', 'Ready', true) : result('unhealthy', 'NotReady', false, str(ready?.['message']));
    }
    case 'PersistentVolumeClaim': {
      const phase = str(status['phase']);
      if (phase === 'Bound') return result('healthy', 'Bound', true);
      if (phase === 'Lost') return result('unhealthy', 'Lost', false);
      return result('warning', phase || 'Pending', false);
    }
    case 'PersistentVolume': {
      const phase = str(status['phase']);
      if (phase === 'Bound' || phase === 'Available') return result('healthy', phase, true);
      if (phase === 'Failed') return result('unhealthy', 'Failed', false, str(status['message']));
      return result('warning', phase || 'Pending', false);
    }
    case 'Ingress': {
      const ingress = list(record(status['loadBalancer'])['ingress']);
      return ingress.length > 0 ? result('healthy', 'Running', true) : result('unknown', 'Pending', false, 'waiting for a load balancer address');
    }
    case 'Namespace':
      return str(status['phase']) === 'Terminating' ? result('warning', 'Terminating', false) : result('healthy', 'Active', true);
    case 'Service': {
      if (spec['type'] !== 'LoadBalancer') return result('healthy', 'Running', true);
      const ingress = list(record(status['loadBalancer'])['ingress']);
      return ingress.length > 0 ? result('healthy', 'Running', true) : result('unknown', 'Pending', false, 'waiting for a load balancer address');
    }
    case 'ConfigMap':
    case 'Secret':
    case 'ServiceAccount':
    case 'Role':
    case 'RoleBinding':
    case 'ClusterRole':
    case 'ClusterRoleBinding':
      return result('healthy', 'Exists', true);
    default:
      return fromConditions(status);
  }
}

const CPU = /^(\d+(?:\.\d+)?)(m?)$/;
const MEMORY = /^(\d+(?:\.\d+)?)([KMGTPE]i?|k|m)?$/;
const MEMORY_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  m: 1e-3,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** A CPU quantity (`500m`, `2`, `0.5`) in millicores. */
export function cpuAsMillicores(quantity: string): number {
  const match = CPU.exec(quantity.trim());
  if (!match) throw new Error(`'${quantity}' is not a CPU quantity such as 500m or 2`);
  return Math.round(Number(match[1]) * (match[2] ? 1 : 1000));
}

/** A memory quantity (`512Mi`, `1G`, `1024`) in bytes. */
export function memoryAsBytes(quantity: string): number {
  const match = MEMORY.exec(quantity.trim());
  if (!match) throw new Error(`'${quantity}' is not a memory quantity such as 512Mi or 1G`);
  return Math.round(Number(match[1]) * MEMORY_UNITS[match[2] ?? '']!);
}
