import type { ConfigHealth } from '../../scrape-types.js';
import type { KubeObject } from '../../../kubernetes/client.js';

export interface HealthStatus {
  health: ConfigHealth | null;
  status: string | null;
}

type Condition = { type?: string; status?: string; reason?: string };
type ContainerStatus = { ready?: boolean; restartCount?: number; state?: { waiting?: { reason?: string }; terminated?: { reason?: string; exitCode?: number } } };

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const number = (value: unknown): number => (typeof value === 'number' ? value : 0);
const conditionsOf = (object: KubeObject): Condition[] => (Array.isArray(record(object['status'])['conditions']) ? (record(object['status'])['conditions'] as Condition[]) : []);
const condition = (object: KubeObject, type: string) => conditionsOf(object).find((entry) => entry.type === type);
const of = (health: ConfigHealth | null, status: string | null): HealthStatus => ({ health, status });

/** Waiting reasons a pod does not recover from by itself (duty's is-healthy rules). */
const BAD_WAITING = new Set(['CrashLoopBackOff', 'ImagePullBackOff', 'ErrImagePull', 'InvalidImageName', 'CreateContainerConfigError', 'CreateContainerError', 'RunContainerError']);

function podHealth(object: KubeObject): HealthStatus {
  const status = record(object['status']);
  const phase = typeof status['phase'] === 'string' ? status['phase'] : 'Unknown';
  if (object.metadata.deletionTimestamp) return of('warning', 'Terminating');
  if (status['reason'] === 'Evicted') return of('unhealthy', 'Evicted');
  const containers = [...((status['initContainerStatuses'] as ContainerStatus[] | undefined) ?? []), ...((status['containerStatuses'] as ContainerStatus[] | undefined) ?? [])];
  const waiting = containers.map((container) => container.state?.waiting?.reason).find((reason) => reason !== undefined && BAD_WAITING.has(reason));
  if (waiting) return of('unhealthy', waiting);
  const oom = containers.some((container) => container.state?.terminated?.reason === 'OOMKilled');
  if (oom) return of('unhealthy', 'OOMKilled');
  if (phase === 'Succeeded') return of('healthy', 'Completed');
  if (phase === 'Failed') return of('unhealthy', typeof status['reason'] === 'string' ? status['reason'] : 'Failed');
  if (phase === 'Pending') {
    const reason = containers.map((container) => container.state?.waiting?.reason).find((entry) => entry !== undefined);
    return of('unknown', reason ?? 'Pending');
  }
  if (phase === 'Running') {
    if (condition(object, 'Ready')?.status === 'True') return of('healthy', 'Running');
    return of('warning', 'NotReady');
  }
  return of('unknown', phase);
}

/** Deployments, ReplicaSets and StatefulSets: ready replicas against the desired count, and the rollout's conditions. */
function replicasHealth(object: KubeObject): HealthStatus {
  const spec = record(object['spec']);
  const status = record(object['status']);
  const desired = typeof spec['replicas'] === 'number' ? spec['replicas'] : 1;
  const ready = number(status['readyReplicas']);
  const updated = typeof status['updatedReplicas'] === 'number' ? status['updatedReplicas'] : ready;
  if (spec['paused'] === true) return of('unknown', 'Paused');
  const progressing = condition(object, 'Progressing');
  if (progressing?.status === 'False' && progressing.reason === 'ProgressDeadlineExceeded') return of('unhealthy', 'Rollout Failed');
  if (condition(object, 'ReplicaFailure')?.status === 'True') return of('unhealthy', 'Failed Create');
  if (desired === 0) return of(ready === 0 ? 'healthy' : 'warning', ready === 0 ? 'Scaled to Zero' : 'Scaling Down');
  if (ready === 0) return of('unhealthy', 'Unavailable');
  if (ready < desired) return of('warning', updated < desired ? 'Updating' : 'Scaling Up');
  if (ready > desired) return of('healthy', 'Scaling Down');
  return of('healthy', 'Running');
}

function daemonSetHealth(object: KubeObject): HealthStatus {
  const status = record(object['status']);
  const desired = number(status['desiredNumberScheduled']);
  const ready = number(status['numberReady']);
  if (desired === 0) return of('unknown', 'Scaled to Zero');
  if (ready === 0) return of('unhealthy', 'Unavailable');
  if (number(status['numberUnavailable']) > 0 || ready < desired) return of('warning', 'Updating');
  return of('healthy', 'Running');
}

function nodeHealth(object: KubeObject): HealthStatus {
  const ready = condition(object, 'Ready');
  if (record(object['spec'])['unschedulable'] === true) return of('warning', 'SchedulingDisabled');
  if (ready?.status !== 'True') return of('unhealthy', 'NotReady');
  const pressure = conditionsOf(object).find((entry) => entry.type !== 'Ready' && entry.status === 'True');
  if (pressure) return of('warning', pressure.type ?? 'Pressure');
  return of('healthy', 'Ready');
}

function jobHealth(object: KubeObject): HealthStatus {
  if (condition(object, 'Failed')?.status === 'True') return of('unhealthy', condition(object, 'Failed')?.reason ?? 'Failed');
  if (condition(object, 'Complete')?.status === 'True') return of('healthy', 'Completed');
  if (record(object['spec'])['suspend'] === true || condition(object, 'Suspended')?.status === 'True') return of('unknown', 'Suspended');
  return of('unknown', 'Running');
}

function phaseHealth(object: KubeObject, healthy: string[], warning: string[], unhealthy: string[]): HealthStatus {
  const phase = record(object['status'])['phase'];
  if (typeof phase !== 'string') return of('unknown', null);
  if (healthy.includes(phase)) return of('healthy', phase);
  if (warning.includes(phase)) return of('warning', phase);
  if (unhealthy.includes(phase)) return of('unhealthy', phase);
  return of('unknown', phase);
}

function serviceHealth(object: KubeObject): HealthStatus {
  if (record(object['spec'])['type'] !== 'LoadBalancer') return of('healthy', 'Running');
  const ingress = record(record(object['status'])['loadBalancer'])['ingress'];
  return Array.isArray(ingress) && ingress.length > 0 ? of('healthy', 'Running') : of('unknown', 'Provisioning');
}

function ingressHealth(object: KubeObject): HealthStatus {
  const ingress = record(record(object['status'])['loadBalancer'])['ingress'];
  return Array.isArray(ingress) && ingress.length > 0 ? of('healthy', 'Running') : of('unknown', 'Provisioning');
}

/** An object's health and status from its kind's conditions, phase or replica counts, as duty's health rules read them. */
export function healthOf(object: KubeObject): HealthStatus {
  switch (object.kind) {
    case 'Pod':
      return podHealth(object);
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet':
      return replicasHealth(object);
    case 'DaemonSet':
      return daemonSetHealth(object);
    case 'Node':
      return nodeHealth(object);
    case 'Job':
      return jobHealth(object);
    case 'CronJob':
      return record(object['spec'])['suspend'] === true ? of('unknown', 'Suspended') : of('healthy', 'Scheduled');
    case 'Namespace':
      return phaseHealth(object, ['Active'], ['Terminating'], []);
    case 'PersistentVolumeClaim':
      return phaseHealth(object, ['Bound'], ['Pending'], ['Lost']);
    case 'PersistentVolume':
      return phaseHealth(object, ['Bound', 'Available'], ['Released', 'Pending'], ['Failed']);
    case 'Service':
      return serviceHealth(object);
    case 'Ingress':
      return ingressHealth(object);
    default:
      return of(null, null);
  }
}
