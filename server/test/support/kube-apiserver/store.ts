import { randomUUID } from 'node:crypto';
import { resourceByKind, type ResourceType } from './resources.js';

export type KubeObject = Record<string, unknown> & { apiVersion?: string; kind: string; metadata: Record<string, unknown> & { name: string; namespace?: string } };
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoredEvent {
  type: WatchEventType;
  resource: ResourceType;
  object: KubeObject;
  resourceVersion: number;
}

const keyOf = (namespace: string | undefined, name: string) => `${namespace ?? ''}/${name}`;

/** The cluster's objects, one resourceVersion counter for all of them as etcd has, and the events since the last compaction. */
export class KubeStore {
  private readonly objects = new Map<ResourceType, Map<string, KubeObject>>();
  private readonly events: StoredEvent[] = [];
  private readonly listeners = new Set<(event: StoredEvent) => void>();
  private version = 1000;
  /** Watches from before this resourceVersion are answered 410 Gone. */
  private compactedAt = 1000;

  get resourceVersion(): number {
    return this.version;
  }

  private bucket(resource: ResourceType): Map<string, KubeObject> {
    let found = this.objects.get(resource);
    if (!found) this.objects.set(resource, (found = new Map()));
    return found;
  }

  private record(type: WatchEventType, resource: ResourceType, object: KubeObject): void {
    const event = { type, resource, object, resourceVersion: this.version };
    this.events.push(event);
    for (const listener of this.listeners) listener(event);
  }

  /** Creates or replaces an object (ADDED or MODIFIED), filling what the API server fills. */
  put(object: KubeObject): KubeObject {
    const resource = resourceByKind(object.kind);
    const bucket = this.bucket(resource);
    const metadata = { ...object.metadata };
    if (resource.namespaced) metadata.namespace ??= 'default';
    else delete metadata.namespace;
    const key = keyOf(metadata.namespace, metadata.name);
    const existing = bucket.get(key);
    this.version += 1;
    metadata['resourceVersion'] = String(this.version);
    metadata['uid'] ??= existing?.metadata['uid'] ?? randomUUID();
    metadata['creationTimestamp'] ??= existing?.metadata['creationTimestamp'] ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    delete metadata['selfLink'];
    const stored: KubeObject = { ...object, apiVersion: resource.group === '' ? resource.version : `${resource.group}/${resource.version}`, metadata };
    bucket.set(key, stored);
    this.record(existing ? 'MODIFIED' : 'ADDED', resource, stored);
    return stored;
  }

  get(resource: ResourceType, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.bucket(resource).get(keyOf(resource.namespaced ? namespace : undefined, name));
  }

  remove(resource: ResourceType, namespace: string | undefined, name: string): KubeObject | undefined {
    const bucket = this.bucket(resource);
    const key = keyOf(resource.namespaced ? namespace : undefined, name);
    const existing = bucket.get(key);
    if (!existing) return undefined;
    bucket.delete(key);
    this.version += 1;
    const gone = { ...existing, metadata: { ...existing.metadata, resourceVersion: String(this.version) } };
    this.record('DELETED', resource, gone);
    return gone;
  }

  /** In namespace-then-name order, as etcd's keys sort. */
  list(resource: ResourceType, namespace?: string): KubeObject[] {
    return [...this.bucket(resource).entries()]
      .filter(([, object]) => namespace === undefined || object.metadata.namespace === namespace)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, object]) => object);
  }

  /** Forgets the events so far: a watch from an older resourceVersion gets 410 Gone. */
  compact(): void {
    this.compactedAt = this.version;
    this.events.length = 0;
  }

  /** The events after `since`, or undefined when they were compacted away. */
  eventsSince(since: number): StoredEvent[] | undefined {
    if (since < this.compactedAt) return undefined;
    return this.events.filter((event) => event.resourceVersion > since);
  }

  subscribe(listener: (event: StoredEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
