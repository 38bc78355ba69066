import type { Target } from './target.js';

/** A request RBAC refuses: the verb (any when not given) on the resource (plural), in a namespace or anywhere. */
export interface ForbiddenRule {
  resource: string;
  verb?: string;
  namespace?: string;
}

const DEFAULT_USER = 'system:serviceaccount:pharos:pharos';

/** The API server's 403 message when a rule refuses `verb` on the target, else undefined. */
export function forbiddenMessage(rules: ForbiddenRule[] | undefined, user: string | undefined, verb: string, target: Target): string | undefined {
  // RBAC names a subresource as `deployments/scale`.
  const resource = target.subresource ? `${target.resource.name}/${target.subresource}` : target.resource.name;
  const rule = (rules ?? []).find((entry) => entry.resource === resource && (!entry.verb || entry.verb === verb) && (!entry.namespace || entry.namespace === target.namespace));
  if (!rule) return undefined;
  const where = target.namespace ? `in the namespace "${target.namespace}"` : 'at the cluster scope';
  const name = target.name ? ` "${target.name}"` : '';
  return `${target.resource.name}${name} is forbidden: User "${user ?? DEFAULT_USER}" cannot ${verb} resource "${resource}" in API group "${target.resource.group}" ${where}`;
}

/** The 403 message when a rule refuses reading the pod's logs (`pods/log`, verb get), else undefined. */
export function podLogForbiddenMessage(rules: ForbiddenRule[] | undefined, user: string | undefined, namespace: string, name: string): string | undefined {
  const refused = (rules ?? []).some((entry) => entry.resource === 'pods/log' && (!entry.verb || entry.verb === 'get') && (!entry.namespace || entry.namespace === namespace));
  if (!refused) return undefined;
  return `pods "${name}" is forbidden: User "${user ?? DEFAULT_USER}" cannot get resource "pods/log" in API group "" in the namespace "${namespace}"`;
}
