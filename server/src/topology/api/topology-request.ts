import { TOPOLOGY_COMPONENT_STATUSES, TOPOLOGY_SORT_ORDERS, type TopologySortOrder } from '@pharos/core';

/** A filter on one value: rows with one of `include` (when any) and none of `exclude` (`!value`). */
export interface MatchFilter {
  include: string[];
  exclude: string[];
}

/** GET /api/topology's query, checked (spec 2 section 7). */
export interface TopologyRequest {
  id: string | null;
  status: MatchFilter | null;
  type: MatchFilter | null;
  teams: string[];
  /** key -> accepted values; a component matches when every key has one of its values. */
  labels: Record<string, string[]>;
  sortBy: string | null;
  sortOrder: TopologySortOrder;
  flatten: boolean;
  hidden: boolean;
  agentId: string | null;
}

export class TopologyRequestError extends Error {}

const PARAMETERS = ['id', 'status', 'type', 'team', 'labels', 'sortBy', 'sortOrder', 'flatten', 'hidden', 'agent_id'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_TEXT = 256;
/** The agent filter's "every agent" choice, which the dashboard may still send. */
const ALL_AGENTS = 'All';

function text(query: Record<string, unknown>, name: string): string | null {
  const value = query[name];
  if (value === undefined) return null;
  if (Array.isArray(value)) throw new TopologyRequestError(`${name} must be given once`);
  if (typeof value !== 'string') throw new TopologyRequestError(`${name} must be text`);
  if (value.length > MAX_TEXT) throw new TopologyRequestError(`${name} must be at most ${MAX_TEXT} characters`);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function uuid(query: Record<string, unknown>, name: string): string | null {
  const value = text(query, name);
  if (value !== null && !UUID.test(value)) throw new TopologyRequestError(`${name} must be a component id (a UUID), not '${value}'`);
  return value?.toLowerCase() ?? null;
}

function flag(query: Record<string, unknown>, name: string): boolean {
  const value = text(query, name);
  if (value === null) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new TopologyRequestError(`${name} must be true or false, not '${value}'`);
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** `a,b,!c`: one of a or b, and not c. */
function matchFilter(value: string | null, name: string, allowed?: readonly string[]): MatchFilter | null {
  if (value === null) return null;
  const filter: MatchFilter = { include: [], exclude: [] };
  for (const item of list(value)) {
    const negated = item.startsWith('!');
    const name_ = negated ? item.slice(1).trim() : item;
    if (name_ === '') throw new TopologyRequestError(`${name} has an empty value`);
    if (allowed && !allowed.includes(name_)) throw new TopologyRequestError(`${name} '${name_}' is not one of ${allowed.join(', ')}`);
    (negated ? filter.exclude : filter.include).push(name_);
  }
  return filter.include.length + filter.exclude.length === 0 ? null : filter;
}

function labels(value: string | null): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  if (value === null) return result;
  for (const pair of list(value)) {
    const at = pair.indexOf('=');
    const key = at < 0 ? '' : pair.slice(0, at).trim();
    if (at < 0 || key === '') throw new TopologyRequestError(`labels must be a comma list of key=value, not '${pair}'`);
    (result[key] ??= []).push(pair.slice(at + 1).trim());
  }
  return result;
}

/** The query string of GET /api/topology, checked; a wrong parameter throws TopologyRequestError saying which. */
export function parseTopologyRequest(query: Record<string, unknown>): TopologyRequest {
  const unknown = Object.keys(query).filter((name) => !(PARAMETERS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new TopologyRequestError(`Unknown parameter ${unknown.join(', ')}; GET /api/topology takes ${PARAMETERS.join(', ')}`);
  const sortOrder = text(query, 'sortOrder') ?? 'asc';
  if (!(TOPOLOGY_SORT_ORDERS as readonly string[]).includes(sortOrder)) throw new TopologyRequestError(`sortOrder must be asc or desc, not '${sortOrder}'`);
  const type = matchFilter(text(query, 'type'), 'type');
  const flatten = flag(query, 'flatten');
  if (flatten && !type?.include.length) throw new TopologyRequestError('flatten needs a type: it lists the components of the chosen type at every depth');
  const agent = text(query, 'agent_id');
  return {
    id: uuid(query, 'id'),
    status: matchFilter(text(query, 'status'), 'status', TOPOLOGY_COMPONENT_STATUSES),
    type,
    teams: list(text(query, 'team') ?? ''),
    labels: labels(text(query, 'labels')),
    sortBy: text(query, 'sortBy'),
    sortOrder: sortOrder as TopologySortOrder,
    flatten,
    hidden: flag(query, 'hidden'),
    agentId: agent === ALL_AGENTS ? null : uuid(query, 'agent_id'),
  };
}
