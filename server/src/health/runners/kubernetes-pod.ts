import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRecord } from '@pharos/core';
import { parse } from 'yaml';
import { messageOf, statusOf, type KubeClient, type KubeObject } from '../../kubernetes/client.js';
import { checkClient } from './kubernetes-access.js';
import { failed, number, text, type CheckOutcome, type CheckRunner, type RunContext } from './types.js';
import { timeoutSignal } from '../../modules/timeout-signal.js';

const DEFAULT_READY_TIMEOUT_MS = 60_000;
const DEFAULT_HTTP_TIMEOUT_MS = 5_000;
const DEFAULT_DELETE_TIMEOUT_MS = 30_000;
const POLL_MS = 200;

class StepFailure extends Error {}


function podOf(manifest: unknown, field: string): KubeObject {
  const parsed: unknown = typeof manifest === 'string' ? parse(manifest) : manifest;
  if (!isRecord(parsed) || parsed['kind'] !== 'Pod' || !isRecord(parsed['metadata']) || typeof parsed['metadata']['name'] !== 'string') {
    throw new StepFailure(`${field} must be a Pod manifest with metadata.name`);
  }
  return { ...parsed, apiVersion: 'v1', kind: 'Pod', metadata: { ...parsed['metadata'], name: parsed['metadata']['name'] } } as KubeObject;
}

/** Polls the pod until it is Running with every container ready, or the time is up. */
async function untilReady(client: KubeClient, pod: KubeObject, timeoutMs: number, signal: AbortSignal): Promise<KubeObject> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = (await client.objects.read({ apiVersion: 'v1', kind: 'Pod', metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace! } })) as KubeObject;
    const status = (current['status'] ?? {}) as { phase?: string; podIP?: string; conditions?: Array<{ type?: string; status?: string }> };
    if (status.phase === 'Running' && status.conditions?.some((condition) => condition.type === 'Ready' && condition.status === 'True') && status.podIP) return current;
    if (status.phase === 'Failed') throw new StepFailure(`pod ${pod.metadata.name} failed before it was ready`);
    if (Date.now() > deadline) throw new StepFailure(`pod ${pod.metadata.name} was not ready within ${timeoutMs} ms (phase: ${status.phase ?? 'none'})`);
    signal.throwIfAborted();
    await sleep(POLL_MS, undefined, { signal });
  }
}

/** GETs the pod's port and path, expecting one of the statuses and the content. */
async function probe(podIP: string, spec: Record<string, unknown>, signal: AbortSignal): Promise<{ status: number; content: string }> {
  const port = number(spec['port']) ?? 80;
  const path = text(spec['path']) ?? '/';
  const url = `http://${podIP.includes(':') ? `[${podIP}]` : podIP}:${port}${path.startsWith('/') ? path : `/${path}`}`;
  const timeout = number(spec['httpTimeout']) ?? DEFAULT_HTTP_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.any([signal, timeoutSignal(timeout)]) });
  } catch (error) {
    throw new StepFailure(`GET ${url} failed: ${(error as Error).message}`);
  }
  const content = await response.text();
  const expected = Array.isArray(spec['expectedHttpStatuses']) ? spec['expectedHttpStatuses'].map(Number) : [200];
  if (!expected.includes(response.status)) throw new StepFailure(`GET ${url} answered ${response.status}, expected ${expected.join(' or ')}`);
  const wanted = text(spec['expectedContent']);
  if (wanted && !content.includes(wanted)) throw new StepFailure(`GET ${url} did not answer the expected content "${wanted}"`);
  return { status: response.status, content };
}

async function removeQuietly(work: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    return statusOf(error) === 404 ? undefined : messageOf(error);
  }
}

/** Creates the pod, waits for it to be ready, probes it; what was created is deleted whatever happened. */
async function runPod(client: KubeClient, pod: KubeObject, spec: Record<string, unknown>, context: RunContext, cleanup: () => Promise<string | undefined>): Promise<CheckOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    try {
      await client.objects.create(pod);
    } catch (error) {
      throw new StepFailure(`pod ${pod.metadata.name} could not be created in namespace ${pod.metadata.namespace}: ${messageOf(error)}`);
    }
    const ready = await untilReady(client, pod, number(spec['readyTimeout']) ?? DEFAULT_READY_TIMEOUT_MS, context.signal);
    const podIP = String((ready['status'] as { podIP: string }).podIP);
    const answer = await probe(podIP, spec, context.signal);
    const deleteProblem = await cleanup();
    if (deleteProblem) return failed(`the pod answered, but could not be deleted: ${deleteProblem}`, elapsed());
    return { pass: true, duration: elapsed(), message: `pod ${pod.metadata.name} answered ${answer.status}`, data: { podIP, status: answer.status, content: answer.content } };
  } catch (error) {
    await cleanup();
    if (error instanceof StepFailure) return failed(error.message, elapsed());
    return failed(messageOf(error), elapsed());
  }
}

/**
 * canary-checker's `pod` check (removed there in favour of kubernetesResource): creates the pod of
 * `spec` in `namespace`, waits up to `readyTimeout` ms for it to be ready, GETs `port`/`path` on the
 * pod's IP (no service or ingress is made) expecting `expectedHttpStatuses` and `expectedContent`,
 * and deletes it.
 */
export const podCheck: CheckRunner = async (spec, context) => {
  let pod: KubeObject;
  let client: KubeClient;
  try {
    pod = podOf(spec['spec'], 'spec');
    client = await checkClient(spec, context);
  } catch (error) {
    return failed(error instanceof StepFailure ? error.message : messageOf(error));
  }
  pod.metadata.namespace = text(spec['namespace']) ?? pod.metadata.namespace ?? 'default';
  const deleteTimeout = number(spec['deleteTimeout']) ?? DEFAULT_DELETE_TIMEOUT_MS;
  return runPod(client, pod, spec, context, () => removeQuietly(() => client.objects.delete(pod, undefined, undefined, Math.ceil(deleteTimeout / 1000))));
};

/**
 * canary-checker's `namespace` check (removed there too): creates a namespace named
 * `namespaceNamePrefix` and a random suffix with its labels and annotations, runs the `podSpec` pod
 * in it as the pod check does, and deletes the namespace.
 */
export const namespaceCheck: CheckRunner = async (spec, context) => {
  let pod: KubeObject;
  let client: KubeClient;
  try {
    pod = podOf(spec['podSpec'], 'podSpec');
    client = await checkClient(spec, context);
  } catch (error) {
    return failed(error instanceof StepFailure ? error.message : messageOf(error));
  }
  const name = `${text(spec['namespaceNamePrefix']) ?? 'pharos-check-'}${randomBytes(4).toString('hex')}`;
  const namespace: KubeObject = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels: isRecord(spec['namespaceLabels']) ? (spec['namespaceLabels'] as Record<string, string>) : {}, annotations: isRecord(spec['namespaceAnnotations']) ? (spec['namespaceAnnotations'] as Record<string, string>) : {} },
  };
  try {
    await client.objects.create(namespace);
  } catch (error) {
    return failed(`namespace ${name} could not be created: ${messageOf(error)}`);
  }
  pod.metadata.namespace = name;
  return runPod(client, pod, spec, context, () => removeQuietly(() => client.objects.delete(namespace)));
};
