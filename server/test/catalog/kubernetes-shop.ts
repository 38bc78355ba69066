import { kubeconfigFor, type KubeApiServer, type KubeObject } from '../support/kube-apiserver/index.js';
import type { CatalogTest } from './helpers.js';

/**
 * The cluster the kubernetes scraper tests read: a small shop written here, beside the stand-in's
 * recorded objects (server/test/support/kube-apiserver/README.md).
 */

const DEPLOYMENT_UID = '6f1c8a52-0d6e-4c55-9d0b-0c1f5c7e0a01';
const REPLICASET_UID = '6f1c8a52-0d6e-4c55-9d0b-0c1f5c7e0a02';
export const POD_UID = '6f1c8a52-0d6e-4c55-9d0b-0c1f5c7e0a03';

const owner = (kind: string, name: string, uid: string) => [{ apiVersion: 'apps/v1', kind, name, uid, controller: true }];
export const ready = (status: 'True' | 'False') => ({ phase: 'Running', conditions: [{ type: 'Ready', status }], containerStatuses: [{ name: 'web', ready: status === 'True', restartCount: 0, state: { running: {} } }] });

/** A small shop beside the recorded objects: a deployment, its replica set and pod on a node, a service, a secret, an event. */
export const shop: KubeObject[] = [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' }, status: { phase: 'Active' } },
  { apiVersion: 'v1', kind: 'Node', metadata: { name: 'minikube' }, status: { conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }] } },
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop', uid: DEPLOYMENT_UID }, spec: { replicas: 1 }, status: { replicas: 1, readyReplicas: 1, updatedReplicas: 1 } },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-7d4b9', namespace: 'shop', uid: REPLICASET_UID, ownerReferences: owner('Deployment', 'web', DEPLOYMENT_UID) }, spec: { replicas: 1 }, status: { replicas: 1, readyReplicas: 1 } },
  {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-7d4b9-x2k8p', namespace: 'shop', uid: POD_UID, labels: { app: 'web' }, ownerReferences: owner('ReplicaSet', 'web-7d4b9', REPLICASET_UID), managedFields: [{ manager: 'kubelet' }] },
    spec: { nodeName: 'minikube', containers: [{ name: 'web', image: 'nginx' }] },
    status: ready('True'),
  },
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'debug-canary', namespace: 'shop', labels: { app: 'web' } }, spec: { containers: [{ name: 'sh', image: 'busybox' }] }, status: { phase: 'Pending' } },
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } },
  { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'web-tls', namespace: 'shop' }, type: 'kubernetes.io/tls', data: { 'tls.key': 'c2VjcmV0LWtleQ==' } },
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web-settings', namespace: 'shop' }, data: { mode: 'fast' } },
  { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly', namespace: 'shop' }, spec: { schedule: '0 2 * * *', suspend: false } },
  { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-1' }, spec: { capacity: { storage: '1Gi' } }, status: { phase: 'Bound' } },
  {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'web-7d4b9-x2k8p.17a', namespace: 'shop', uid: '6f1c8a52-0d6e-4c55-9d0b-0c1f5c7e0aee' },
    involvedObject: { kind: 'Pod', name: 'web-7d4b9-x2k8p', namespace: 'shop', uid: POD_UID },
    reason: 'BackOff',
    message: 'Back-off restarting failed container web',
    type: 'Warning',
    source: { component: 'kubelet', host: 'minikube' },
    lastTimestamp: '2026-01-05T10:00:00Z',
  },
];

/** A saved config with its parent's type and name. */
export interface Row {
  id: string;
  type: string;
  name: string;
  health: string | null;
  status: string | null;
  parent_type: string | null;
  parent_name: string | null;
  tags: Record<string, string>;
  config: Record<string, unknown>;
  deleted_at: Date | null;
}

/** What the scraper saved, by `{type}/{namespace}/{name}` (`{type}/{name}` for what has no namespace). */
export async function savedItems(env: CatalogTest, scraperId: string): Promise<Map<string, Row>> {
  const { rows } = await env.server.pool.query<Row>(
    `select c.id, c.type, c.name, c.health, c.status, p.type as parent_type, p.name as parent_name, c.tags, c.config, c.deleted_at
       from configs c left join configs p on p.id = c.parent_id where c.scraper_id = $1`,
    [scraperId],
  );
  return new Map(rows.map((row) => [`${row.type}/${row.tags['namespace'] ? `${row.tags['namespace']}/` : ''}${row.name}`, row]));
}

/** A kubernetes scraper of the cluster `server` stands in for, excluding names ending in -canary. */
export const scraperYaml = (name: string, server: KubeApiServer, extra = '') => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  kubernetes:
    - clusterName: demo
      kubeconfig:
        value: |
${kubeconfigFor(server).split('\n').map((line) => `          ${line}`).join('\n')}
      exclusions:
        name: ['*-canary']
${extra}`;
