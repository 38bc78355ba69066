import type { ResourceSearchKind } from '@pharos/core';
import type pg from 'pg';
import { kindQuery } from '../shell/search.js';
import { parseSearchRequest, SearchRequestError } from '../shell/search-request.js';
import type { PlaybookSpec } from './spec.js';

/** The resource a run acts on, by the field of the run request that names it. */
export interface RunTarget {
  kind: ResourceSearchKind;
  id: string;
}

const KIND_FIELDS: Readonly<Record<ResourceSearchKind, 'check_id' | 'component_id' | 'config_id'>> = {
  checks: 'check_id',
  components: 'component_id',
  configs: 'config_id',
};

/** The run request's column of a target kind. */
const targetColumn = (kind: ResourceSearchKind): 'check_id' | 'component_id' | 'config_id' => KIND_FIELDS[kind];

/** What templates see of each kind (`.config`, `.component`, `.check`). */
const ROWS: Readonly<Record<ResourceSearchKind, string>> = {
  configs: `SELECT id, name, type, config_class, namespace, status, health, ready, description, labels, tags, config, external_id,
                   parent_id, path, agent_id, created_at, updated_at FROM configs WHERE id = $1 AND deleted_at IS NULL`,
  components: `SELECT id, name, title, type, icon, labels, properties, status, status_reason, health, parent_id, path, topology_id,
                      agent_id, external_id, created_at, updated_at FROM components WHERE id = $1 AND deleted_at IS NULL`,
  checks: `SELECT c.id, c.name, c.type, c.namespace, c.labels, c.status, c.description, c.endpoint, c.icon, c.canary_id,
                  k.name AS canary_name, c.last_runtime, c.created_at FROM checks c JOIN canaries k ON k.id = c.canary_id
            WHERE c.id = $1 AND c.deleted_at IS NULL`,
};

const SINGULAR: Readonly<Record<ResourceSearchKind, string>> = { checks: 'check', components: 'component', configs: 'config' };

/** A run request that does not fit the playbook: the message says why. */
export class TargetError extends Error {}

/** The target of a run request: at most one of check_id, component_id and config_id. */
export function targetOf(request: Partial<Record<'check_id' | 'component_id' | 'config_id', unknown>>): RunTarget | undefined {
  const given = (Object.keys(KIND_FIELDS) as ResourceSearchKind[]).filter((kind) => request[KIND_FIELDS[kind]] !== undefined && request[KIND_FIELDS[kind]] !== null && request[KIND_FIELDS[kind]] !== '');
  if (given.length > 1) throw new TargetError('Give one of check_id, component_id and config_id, not several');
  const kind = given[0];
  if (!kind) return undefined;
  const id = request[KIND_FIELDS[kind]];
  if (typeof id !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new TargetError(`${KIND_FIELDS[kind]} must be a UUID`);
  return { kind, id };
}

/** The kinds a playbook's selectors let it run on. */
export function targetKinds(spec: PlaybookSpec): ResourceSearchKind[] {
  return (['checks', 'components', 'configs'] as const).filter((kind) => (spec[kind]?.length ?? 0) > 0);
}

/** Whether the target is picked by one of the playbook's selectors of its kind. */
export async function matchesSelectors(pool: pg.Pool, spec: PlaybookSpec, target: RunTarget): Promise<boolean> {
  let selectors;
  try {
    selectors = parseSearchRequest({ [target.kind]: spec[target.kind], limit: 1 }).kinds.get(target.kind) ?? [];
  } catch (error) {
    if (error instanceof SearchRequestError) throw new TargetError(`The playbook's ${target.kind} selectors cannot be read: ${error.message}`);
    throw error;
  }
  // Each selector narrowed to the target: the target matches when one of them still finds a row.
  const narrowed = selectors.filter((selector) => selector.id === undefined || selector.id.toLowerCase() === target.id.toLowerCase()).map((selector) => ({ ...selector, id: target.id }));
  if (narrowed.length === 0) return false;
  const { text, values } = kindQuery(target.kind, narrowed, undefined, 1);
  return ((await pool.query(text, values)).rowCount ?? 0) > 0;
}

/**
 * The target's row for templates, once it is known to exist and to match one of the playbook's
 * selectors of its kind; a playbook without selectors runs with no target.
 */
export async function loadTarget(pool: pg.Pool, spec: PlaybookSpec, target: RunTarget | undefined): Promise<Record<string, unknown> | undefined> {
  const kinds = targetKinds(spec);
  if (!target) {
    if (kinds.length > 0) throw new TargetError(`This playbook runs on a ${kinds.map((kind) => SINGULAR[kind]).join(' or ')}: give ${kinds.map(targetColumn).join(' or ')}`);
    return undefined;
  }
  if (!kinds.includes(target.kind)) throw new TargetError(`This playbook does not run on a ${SINGULAR[target.kind]}`);
  const { rows } = await pool.query<Record<string, unknown>>(ROWS[target.kind], [target.id]);
  const row = rows[0];
  if (!row) throw new TargetError(`No ${SINGULAR[target.kind]} ${target.id}`);
  if (await matchesSelectors(pool, spec, target)) return row;
  throw new TargetError(`This ${SINGULAR[target.kind]} (${String(row['name'])}) does not match the playbook's ${target.kind} selectors`);
}
