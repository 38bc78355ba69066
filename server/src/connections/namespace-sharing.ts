/**
 * Which namespaces may use what lives in a namespace (a connection today). Roles are global, so a
 * namespace is shared by saying so on the thing itself: its own namespace always; the namespaces it
 * lists (`*`: every one); with no list, every namespace when it lives in `default`, the namespace
 * references fall back to, and none otherwise. An empty list keeps even a `default` one to itself.
 */
export const EVERY_NAMESPACE = '*';
export const SHARED_NAMESPACE = 'default';

export interface Shareable {
  namespace: string;
  allowed_namespaces: readonly string[] | null;
}

export function mayUseFrom(owner: Shareable, user: string): boolean {
  if (owner.namespace === user) return true;
  if (owner.allowed_namespaces === null) return owner.namespace === SHARED_NAMESPACE;
  return owner.allowed_namespaces.includes(EVERY_NAMESPACE) || owner.allowed_namespaces.includes(user);
}

/** Why a resource of namespace `user` may not use it, in words a person can act on. */
export function notSharedReason(what: string, owner: Shareable, user: string): string {
  return `${what} is in namespace ${owner.namespace} and not shared with namespace ${user}: list ${user} in its allowedNamespaces, or use one of namespace ${user}`;
}
