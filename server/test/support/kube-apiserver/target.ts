import { RESOURCE_TYPES, type ResourceType } from './resources.js';
import { status } from './status.js';

/** What a resource request names. */
export interface Target {
  resource: ResourceType;
  namespace?: string;
  name?: string;
  /** `scale`, of a scalable resource. */
  subresource?: 'scale';
}

/** `/api/v1/...` or `/apis/{group}/{version}/...` to the resource, namespace and name it names. */
export function targetOf(segments: string[]): Target | 'unknown' | undefined {
  const [root, ...rest] = segments;
  let group = '';
  if (root === 'apis') group = rest.shift() ?? '';
  else if (root !== 'api') return undefined;
  const version = rest.shift();
  if (rest.length === 0) return undefined;
  let namespace: string | undefined;
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    namespace = rest[1];
    rest.splice(0, 2);
  }
  const resource = RESOURCE_TYPES.find((type) => type.group === group && type.version === version && type.name === rest[0]);
  const subresource = rest[2] === 'scale' && resource?.scalable ? ('scale' as const) : undefined;
  if (!resource || (rest.length > 2 && !subresource) || rest.length > 3) return 'unknown';
  return { resource, ...(namespace !== undefined ? { namespace } : {}), ...(rest[1] !== undefined ? { name: rest[1] } : {}), ...(subresource ? { subresource } : {}) };
}

export function verbOf(method: string, target: Target, watch: boolean): string {
  if (method === 'POST') return 'create';
  if (method === 'DELETE') return 'delete';
  if (method === 'PUT') return 'update';
  if (method === 'PATCH') return 'patch';
  if (watch) return 'watch';
  return target.name === undefined ? 'list' : 'get';
}

/** The 404 of a named object that is not there. */
export function notFound(target: Target): Record<string, unknown> {
  return status(404, 'NotFound', `${target.resource.name}${target.resource.group ? `.${target.resource.group}` : ''} "${target.name}" not found`, { name: target.name, kind: target.resource.name });
}
