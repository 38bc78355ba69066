/** The apiVersion of the built-in kinds, for specs that name a kind without one (canary-checker resolves it through discovery). */
const BUILT_IN: Readonly<Record<string, string>> = {
  Namespace: 'v1',
  Node: 'v1',
  Pod: 'v1',
  Service: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Event: 'v1',
  ServiceAccount: 'v1',
  Endpoints: 'v1',
  PersistentVolume: 'v1',
  PersistentVolumeClaim: 'v1',
  Deployment: 'apps/v1',
  ReplicaSet: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  Job: 'batch/v1',
  CronJob: 'batch/v1',
  Ingress: 'networking.k8s.io/v1',
};

export function apiVersionOf(kind: string, given: string | undefined): string {
  if (given) return given;
  const known = BUILT_IN[kind];
  if (!known) throw new Error(`apiVersion is required for kind ${kind} (e.g. apiVersion: example.com/v1)`);
  return known;
}
