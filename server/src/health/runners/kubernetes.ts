import { isRecord, kubernetesHealth } from '@pharos/core';
import { matchItems } from '../../kubernetes/match-items.js';
import { messageOf, type KubeClient, type KubeObject } from '../../kubernetes/client.js';
import { apiVersionOf } from '../../kubernetes/kinds.js';
import { checkClient } from './kubernetes-access.js';
import { failed, text, type CheckRunner } from './types.js';

interface Selector {
  name?: string;
  labelSelector?: string;
  fieldSelector?: string;
}

function selectorOf(value: unknown): Selector {
  if (!isRecord(value)) return {};
  const name = text(value['name']);
  const labelSelector = text(value['labelSelector']);
  const fieldSelector = text(value['fieldSelector']);
  return { ...(name ? { name } : {}), ...(labelSelector ? { labelSelector } : {}), ...(fieldSelector ? { fieldSelector } : {}) };
}

const patternsOf = (name: string) => name.split(',').map((part) => part.trim()).filter((part) => part !== '');
const isExact = (name: string) => !/[*,!]/.test(name);

/** canary-checker's namespaceSelector: none is the canary's namespace, `*` every namespace, else the namespaces it matches. */
async function namespacesOf(client: KubeClient, selector: Selector, fallback: string, signal: AbortSignal): Promise<Array<string | undefined>> {
  if (!selector.name && !selector.labelSelector && !selector.fieldSelector) return [fallback];
  if (selector.name === '*' && !selector.labelSelector && !selector.fieldSelector) return [undefined];
  if (selector.name && isExact(selector.name) && !selector.labelSelector && !selector.fieldSelector) return [selector.name];
  const list = await client.listAll('v1', 'Namespace', { ...(selector.labelSelector ? { labelSelector: selector.labelSelector } : {}), ...(selector.fieldSelector ? { fieldSelector: selector.fieldSelector } : {}), signal });
  return list.items.map((item) => item.metadata.name).filter((name) => !selector.name || matchItems(name, patternsOf(selector.name)));
}

/**
 * canary-checker's `kubernetes` check: the objects of `kind` (and `apiVersion`) in the namespaces
 * `namespaceSelector` picks whose name, labels and fields `resource` matches, less the `ignore`
 * globs. `healthy` and `ready` fail it for each object that is not, `test` (CEL) decides on
 * `results` (the objects, each with its `healthStatus`, and itself as `Object`); with no test, finding none fails it.
 */
export const kubernetesCheck: CheckRunner = async (spec, context) => {
  const kind = text(spec['kind']);
  if (!kind) return failed('kind is required (e.g. kind: Pod)');
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // `labelSelector`/`fieldSelector` beside `kind` are shorthand for those of `resource`.
  const resource = { ...selectorOf({ labelSelector: spec['labelSelector'], fieldSelector: spec['fieldSelector'] }), ...selectorOf(spec['resource']) };
  const ignore = Array.isArray(spec['ignore']) ? spec['ignore'].filter((entry): entry is string => typeof entry === 'string') : [];
  let found: KubeObject[] = [];
  try {
    const apiVersion = apiVersionOf(kind, text(spec['apiVersion']));
    const client = await checkClient(spec, context);
    const fallback = text(spec['namespace']) ?? (typeof context.scope?.['namespace'] === 'string' ? context.scope['namespace'] : 'default');
    for (const namespace of await namespacesOf(client, selectorOf(spec['namespaceSelector']), fallback, context.signal)) {
      const list = await client.listAll(apiVersion, kind, {
        ...(namespace ? { namespace } : {}),
        ...(resource.labelSelector ? { labelSelector: resource.labelSelector } : {}),
        ...(resource.fieldSelector ? { fieldSelector: resource.fieldSelector } : {}),
        signal: context.signal,
      });
      found.push(...list.items);
    }
  } catch (error) {
    return failed(`failed to get ${kind} resources: ${messageOf(error)}`, elapsed());
  }
  if (resource.name) found = found.filter((object) => matchItems(object.metadata.name, patternsOf(resource.name!)));
  found = found.filter((object) => !ignore.some((pattern) => matchItems(object.metadata.name, [pattern])));
  const problems: string[] = [];
  const results = found.map((object) => {
    const health = kubernetesHealth(object);
    const where = `${kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
    if (spec['healthy'] === true && health.health !== 'healthy') problems.push(`${where} is not healthy (health: ${health.health}, status: ${health.status}): ${health.message}`);
    if (spec['ready'] === true && !health.ready) problems.push(`${where} is not ready (status: ${health.status}): ${health.message}`);
    // `Object` as canary-checker's results have it (unstructured objects), for the expressions written for them (`i.Object`).
    return { ...object, healthStatus: health, Object: object };
  });
  const data = { results, count: results.length };
  if (problems.length > 0) return failed(problems.join('\n'), elapsed(), data);
  if (results.length === 0 && !isRecord(spec['test'])) return failed('no resources found', elapsed(), data);
  return { pass: true, duration: elapsed(), message: `${results.length} ${kind}${results.length === 1 ? '' : 's'}`, data };
};
