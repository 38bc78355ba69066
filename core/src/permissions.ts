/** Roles, permission resources and the role matrix of spec 1 section 6. */

export const ROLES = ['admin', 'editor', 'viewer', 'commander', 'responder'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The role of the person behind an agent's access token. It is not one of the ROLES a user can be
 * given and grants nothing in the matrix: such a token may only push and pull for its own agent.
 */
export const AGENT_ROLE = 'agent';

export const RESOURCES = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'properties',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
] as const;
export type Resource = (typeof RESOURCES)[number];

export type Action = 'read' | 'write';

export interface Permission {
  read: boolean;
  write: boolean;
}

/** Applied when a user has no role at all. */
export const DEFAULT_ROLE: Role = 'viewer';

const ROLE_SET: ReadonlySet<string> = new Set(ROLES);
const RESOURCE_SET: ReadonlySet<string> = new Set(RESOURCES);

export function isRole(x: string): x is Role {
  return ROLE_SET.has(x);
}

export function isResource(x: string): x is Resource {
  return RESOURCE_SET.has(x);
}

/** Keeps the known roles of a list (e.g. from a database row), dropping duplicates and unknown names. */
export function toRoles(values: readonly string[]): Role[] {
  return [...new Set(values.filter(isRole))];
}

function except(excluded: readonly Resource[]): readonly Resource[] {
  return RESOURCES.filter((r) => !excluded.includes(r));
}

const RESPONDER_READ = except(['rbac', 'identities', 'connections']);
const RESPONDER_WRITE: readonly Resource[] = ['responder', 'incident', 'evidences', 'comments'];

/** What each role may read and write, exactly as the spec table. */
export const ROLE_MATRIX: Readonly<Record<Role, { read: readonly Resource[]; write: readonly Resource[] }>> = {
  admin: { read: RESOURCES, write: RESOURCES },
  editor: { read: RESOURCES, write: except(['connections', 'identities', 'rbac']) },
  commander: { read: RESPONDER_READ, write: RESPONDER_WRITE },
  responder: { read: RESPONDER_READ, write: RESPONDER_WRITE },
  viewer: { read: RESPONDER_READ, write: [] },
};

function effectiveRoles(roles: readonly Role[]): readonly Role[] {
  return roles.length === 0 ? [DEFAULT_ROLE] : roles;
}

/** True when any of the roles grants the action (roles are merged); no role means viewer. */
export function can(roles: readonly Role[], resource: Resource, action: Action): boolean {
  return effectiveRoles(roles).some((role) => ROLE_MATRIX[role][action].includes(resource));
}

export function permissionsFor(roles: readonly Role[]): Record<Resource, Permission> {
  const result = {} as Record<Resource, Permission>;
  for (const resource of RESOURCES) {
    result[resource] = { read: can(roles, resource, 'read'), write: can(roles, resource, 'write') };
  }
  return result;
}

const RUN_CHECK_ROLES: readonly Role[] = ['admin', 'editor', 'responder', 'commander'];

/** Run Now on a check. */
export function canRunCheck(roles: readonly Role[]): boolean {
  return effectiveRoles(roles).some((role) => RUN_CHECK_ROLES.includes(role));
}

/** The Settings submenu is hidden for viewers: shown when the user has any role besides viewer. */
export function canSeeSettings(roles: readonly Role[]): boolean {
  return effectiveRoles(roles).some((role) => role !== 'viewer');
}
