import { kubernetesHealth } from '@pharos/core';
import type { KubeObject } from '../../../kubernetes/client.js';
import type { ItemDefaults, ScrapeInput } from '../../extract.js';
import type { ScrapedChange, ScrapedRelationship } from '../../scrape-types.js';
import { CONFIG_TYPE_PREFIX } from './resources.js';

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const stringMap = (value: unknown): Record<string, string> => Object.fromEntries(Object.entries(record(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

export const clusterIdOf = (clusterName: string) => `Kubernetes/Cluster/${clusterName}`;

/** What is kept of an object: no managed fields, and of a secret its metadata and type only, never its data. */
export function configOf(object: KubeObject): Record<string, unknown> {
  const { managedFields: _managed, ...metadata } = object.metadata;
  const { data: _data, stringData: _stringData, ...rest } = object;
  return object.kind === 'Secret' ? { ...rest, metadata } : { ...object, metadata };
}

/** The scraped objects by uid, and namespaces by name, to find owners and parents among them. */
export interface ClusterIndex {
  clusterName: string;
  uids: Set<string>;
  namespaceUids: Map<string, string>;
}

export function indexOf(clusterName: string, objects: readonly KubeObject[]): ClusterIndex {
  const uids = new Set<string>();
  const namespaceUids = new Map<string, string>();
  for (const object of objects) {
    if (object.metadata.uid) uids.add(object.metadata.uid);
    if (object.kind === 'Namespace' && object.metadata.uid) namespaceUids.set(object.metadata.name, object.metadata.uid);
  }
  return { clusterName, uids, namespaceUids };
}

/** config-db's parent order: the first owner, else the namespace, else the cluster. */
function parentOf(object: KubeObject, index: ClusterIndex): { type: string; externalId: string } {
  const owner = object.metadata.ownerReferences?.[0];
  if (owner && index.uids.has(owner.uid)) return { type: `${CONFIG_TYPE_PREFIX}${owner.kind}`, externalId: owner.uid };
  const namespaceUid = object.metadata.namespace ? index.namespaceUids.get(object.metadata.namespace) : undefined;
  if (namespaceUid) return { type: `${CONFIG_TYPE_PREFIX}Namespace`, externalId: namespaceUid };
  return { type: `${CONFIG_TYPE_PREFIX}Cluster`, externalId: clusterIdOf(index.clusterName) };
}

/** A pod runs on its node; a service selects its pods by labels. */
function relationshipsOf(object: KubeObject): ScrapedRelationship[] {
  const spec = record(object['spec']);
  if (object.kind === 'Pod' && typeof spec['nodeName'] === 'string') {
    return [{ selector: { type: `${CONFIG_TYPE_PREFIX}Node`, name: spec['nodeName'] }, parent: true }];
  }
  const selector = stringMap(spec['selector']);
  if (object.kind === 'Service' && Object.keys(selector).length > 0) {
    return [{ selector: { type: `${CONFIG_TYPE_PREFIX}Pod`, ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}), labels: selector }, parent: false }];
  }
  return [];
}

export function defaultsOf(object: KubeObject, index: ClusterIndex, changes: ScrapedChange[] = []): ItemDefaults {
  const namespace = object.metadata.namespace;
  const created = object.metadata.creationTimestamp ? new Date(object.metadata.creationTimestamp as unknown as string) : null;
  // The same rules as CEL's k8s.getHealth, so a check and the catalog agree on an object's health.
  const { health, status } = kubernetesHealth(object);
  return {
    id: object.metadata.uid ?? `Kubernetes/${object.kind}/${namespace ?? ''}/${object.metadata.name}`,
    type: `${CONFIG_TYPE_PREFIX}${object.kind}`,
    class: object.kind,
    name: object.metadata.name,
    labels: stringMap(object.metadata.labels),
    tags: { cluster: index.clusterName, ...(namespace ? { namespace } : {}) },
    createdAt: created && !Number.isNaN(created.getTime()) ? created : null,
    health,
    status,
    parent: parentOf(object, index),
    relationships: relationshipsOf(object),
    ...(changes.length > 0 ? { changes } : {}),
  };
}

/** The object as a scrape input of the catalog's pipeline. */
export function inputOf(object: KubeObject, index: ClusterIndex, server: string, changes: ScrapedChange[] = []): ScrapeInput {
  const namespace = object.metadata.namespace;
  return { document: configOf(object), source: `${server} ${object.kind}${namespace ? ` ${namespace}/` : ' '}${object.metadata.name}`, defaults: defaultsOf(object, index, changes) };
}

/** The cluster itself, the parent of what has no other. */
export function clusterInput(index: ClusterIndex, server: string): ScrapeInput {
  return {
    document: { name: index.clusterName, server },
    source: server,
    defaults: { id: clusterIdOf(index.clusterName), type: `${CONFIG_TYPE_PREFIX}Cluster`, class: 'Cluster', name: index.clusterName, tags: { cluster: index.clusterName }, health: 'healthy', status: 'Running' },
  };
}
