import type { ServerResponse } from 'node:http';
import { mergePatch } from './merge-patch.js';
import { RESOURCE_TYPES } from './resources.js';
import { send, status } from './status.js';
import type { KubeObject, KubeStore } from './store.js';
import { notFound, type Target } from './target.js';

const PATCH_TYPES = ['application/merge-patch+json', 'application/strategic-merge-patch+json'];

/** Answers 415 (and true) when the patch is of a type the stand-in does not apply. */
export function unsupportedPatch(contentType: string, response: ServerResponse): boolean {
  if (PATCH_TYPES.some((type) => contentType.startsWith(type))) return false;
  send(response, 415, status(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${PATCH_TYPES.join(', ')}`));
  return true;
}

/** Creates the object; with `kubelet`, a created pod then becomes Running and Ready with its IP. */
export function answerCreate(store: KubeStore, kubelet: { podIP: string } | undefined, target: Target, body: KubeObject | undefined, response: ServerResponse): void {
  if (!body || typeof body.metadata?.name !== 'string') {
    send(response, 422, status(422, 'Invalid', `${target.resource.kind} is invalid: metadata.name: Required value: name or generateName is required`));
    return;
  }
  const namespace = target.namespace ?? body.metadata.namespace;
  if (store.get(target.resource, namespace, body.metadata.name)) {
    send(response, 409, status(409, 'AlreadyExists', `${target.resource.name} "${body.metadata.name}" already exists`, { name: body.metadata.name, kind: target.resource.name }));
    return;
  }
  const created = store.put({ ...body, kind: target.resource.kind, metadata: { ...body.metadata, ...(namespace ? { namespace } : {}) } });
  send(response, 201, created);
  if (kubelet && target.resource.kind === 'Pod') setImmediate(() => startPod(store, kubelet.podIP, created));
}

function startPod(store: KubeStore, podIP: string, pod: KubeObject): void {
  const current = store.get(RESOURCE_TYPES.find((type) => type.kind === 'Pod')!, pod.metadata.namespace, pod.metadata.name);
  if (!current || current.metadata['uid'] !== pod.metadata['uid']) return;
  const containers = ((current['spec'] as { containers?: Array<{ name: string }> } | undefined)?.containers ?? []).map((container) => ({ name: container.name, ready: true, restartCount: 0, state: { running: { startedAt: new Date().toISOString() } } }));
  store.put({ ...current, status: { phase: 'Running', podIP, conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: containers } });
}

export function answerUpdate(store: KubeStore, target: Target, body: KubeObject | undefined, response: ServerResponse): void {
  if (!body || !store.get(target.resource, target.namespace, target.name!)) {
    send(response, 404, notFound(target));
    return;
  }
  send(response, 200, store.put({ ...body, kind: target.resource.kind, metadata: { ...body.metadata, name: target.name!, ...(target.namespace ? { namespace: target.namespace } : {}) } }));
}

/** Merge and strategic merge patches (see merge-patch.ts); name, namespace and kind stay the object's. */
export function answerPatch(store: KubeStore, target: Target, contentType: string, body: unknown, response: ServerResponse): void {
  if (unsupportedPatch(contentType, response)) return;
  const current = target.name === undefined ? undefined : store.get(target.resource, target.namespace, target.name);
  if (!current) {
    send(response, 404, notFound(target));
    return;
  }
  const patched = mergePatch(current, body) as KubeObject;
  send(response, 200, store.put({ ...patched, kind: current.kind, metadata: { ...patched.metadata, name: current.metadata.name, ...(current.metadata.namespace ? { namespace: current.metadata.namespace } : {}) } }));
}

export function answerDelete(store: KubeStore, target: Target, response: ServerResponse): void {
  const gone = target.name === undefined ? undefined : store.remove(target.resource, target.namespace, target.name);
  if (!gone) {
    send(response, 404, notFound(target));
    return;
  }
  // The namespace controller's work, done at once: what the namespace held goes with it.
  if (target.resource.kind === 'Namespace') {
    for (const type of RESOURCE_TYPES.filter((candidate) => candidate.namespaced)) {
      for (const object of store.list(type, gone.metadata.name)) store.remove(type, gone.metadata.name, object.metadata.name);
    }
  }
  send(response, 200, gone);
}
