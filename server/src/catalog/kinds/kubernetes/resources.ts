/** The kinds the kubernetes scraper reads, in the order parents come before children. */
export const SCRAPED_KINDS: ReadonlyArray<{ apiVersion: string; kind: string; namespaced: boolean; path: string }> = [
  { apiVersion: 'v1', kind: 'Namespace', namespaced: false, path: '/api/v1/namespaces' },
  { apiVersion: 'v1', kind: 'Node', namespaced: false, path: '/api/v1/nodes' },
  { apiVersion: 'v1', kind: 'PersistentVolume', namespaced: false, path: '/api/v1/persistentvolumes' },
  { apiVersion: 'apps/v1', kind: 'Deployment', namespaced: true, path: '/apis/apps/v1/deployments' },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespaced: true, path: '/apis/apps/v1/replicasets' },
  { apiVersion: 'apps/v1', kind: 'StatefulSet', namespaced: true, path: '/apis/apps/v1/statefulsets' },
  { apiVersion: 'apps/v1', kind: 'DaemonSet', namespaced: true, path: '/apis/apps/v1/daemonsets' },
  { apiVersion: 'batch/v1', kind: 'CronJob', namespaced: true, path: '/apis/batch/v1/cronjobs' },
  { apiVersion: 'batch/v1', kind: 'Job', namespaced: true, path: '/apis/batch/v1/jobs' },
  { apiVersion: 'v1', kind: 'Pod', namespaced: true, path: '/api/v1/pods' },
  { apiVersion: 'v1', kind: 'Service', namespaced: true, path: '/api/v1/services' },
  { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', namespaced: true, path: '/apis/networking.k8s.io/v1/ingresses' },
  { apiVersion: 'v1', kind: 'ConfigMap', namespaced: true, path: '/api/v1/configmaps' },
  { apiVersion: 'v1', kind: 'Secret', namespaced: true, path: '/api/v1/secrets' },
  { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespaced: true, path: '/api/v1/persistentvolumeclaims' },
];

export const CONFIG_TYPE_PREFIX = 'Kubernetes::';
