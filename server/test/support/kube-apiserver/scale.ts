import type { ServerResponse } from 'node:http';
import { mergePatch } from './merge-patch.js';
import { send, status } from './status.js';
import type { KubeObject, KubeStore } from './store.js';
import { notFound, type Target } from './target.js';
import { unsupportedPatch } from './writes.js';

function scaleOf(object: KubeObject): Record<string, unknown> {
  const spec = (object['spec'] ?? {}) as { replicas?: number };
  const status = (object['status'] ?? {}) as { replicas?: number };
  const { name, namespace, uid, resourceVersion, creationTimestamp } = object.metadata;
  return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name, namespace, uid, resourceVersion, creationTimestamp }, spec: { replicas: spec.replicas ?? 1 }, status: { replicas: status.replicas ?? 0 } };
}

/** The scale subresource: get, update (PUT) and patch the object's `spec.replicas` as an autoscaling/v1 Scale. */
export function answerScale(store: KubeStore, target: Target, verb: string, contentType: string, body: unknown, response: ServerResponse): void {
  const current = store.get(target.resource, target.namespace, target.name!);
  if (!current) {
    send(response, 404, notFound(target));
    return;
  }
  if (verb === 'get') {
    send(response, 200, scaleOf(current));
    return;
  }
  if (verb !== 'update' && verb !== 'patch') {
    send(response, 405, status(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`));
    return;
  }
  if (verb === 'patch' && unsupportedPatch(contentType, response)) return;
  const wanted = (verb === 'patch' ? mergePatch(scaleOf(current), body) : body) as { spec?: { replicas?: unknown } } | undefined;
  const replicas = wanted?.spec?.replicas;
  if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
    send(response, 422, status(422, 'Invalid', `Scale.autoscaling "${target.name}" is invalid: spec.replicas: Invalid value: ${JSON.stringify(replicas)}: must be greater than or equal to 0`));
    return;
  }
  const stored = store.put({ ...current, spec: { ...((current['spec'] ?? {}) as Record<string, unknown>), replicas } });
  send(response, 200, scaleOf(stored));
}
