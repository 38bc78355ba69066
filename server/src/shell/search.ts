/** The resource search: checks, components and configs by selectors and a name search, as parameterised SQL. */
import {
  RESOURCE_SEARCH_KINDS,
  can,
  type Resource,
  type ResourceSearchKind,
  type ResourceSearchResponse,
  type Role,
} from '@pharos/core';
import type pg from 'pg';
import type { LabelRequirement } from './label-selector.js';
import type { ParsedSearchRequest, ParsedSelector } from './search-request.js';

/** The permission resource that gates each kind. */
export const SEARCH_KIND_RESOURCES: Readonly<Record<ResourceSearchKind, Resource>> = {
  checks: 'canaries',
  components: 'topologies',
  configs: 'database',
};

/** The kinds whose resource the roles may read. */
export function readableKinds(
  roles: readonly Role[],
  allowed: (roles: readonly Role[], resource: Resource, action: 'read') => boolean = can,
): ResourceSearchKind[] {
  return RESOURCE_SEARCH_KINDS.filter((kind) => allowed(roles, SEARCH_KIND_RESOURCES[kind], 'read'));
}

export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

interface KindSource {
  /** select list and from clause; the searched table is aliased `c`. */
  select: string;
  /** Conditions every row must meet (not soft-deleted). */
  live: string;
  namespace: string;
}

const SOURCES: Readonly<Record<ResourceSearchKind, KindSource>> = {
  checks: {
    select: `select c.id, c.name, c.type, c.icon, c.status, c.namespace, c.labels, c.agent_id, c.canary_id
               from checks c join canaries k on k.id = c.canary_id`,
    live: 'c.deleted_at is null and k.deleted_at is null',
    namespace: 'c.namespace',
  },
  components: {
    select: `select c.id, c.name, c.type, c.icon, c.status, c.health, t.namespace, c.labels, c.agent_id, c.topology_id
               from components c left join topologies t on t.id = c.topology_id`,
    live: 'c.deleted_at is null',
    namespace: 't.namespace',
  },
  configs: {
    select: `select c.id, c.name, c.type, c.config_class, c.status, c.health, c.namespace, c.tags, c.labels, c.agent_id
               from configs c`,
    live: 'c.deleted_at is null',
    namespace: 'c.namespace',
  },
};

/** Numbered query parameters. */
class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function nameContains(params: Params, term: string): string {
  return `c.name ilike ${params.add(containsPattern(term))} escape '\\'`;
}

function labelConditions(params: Params, requirements: readonly LabelRequirement[]): string[] {
  const conditions: string[] = [];
  const equal: Record<string, string> = {};
  for (const requirement of requirements) {
    switch (requirement.op) {
      case 'eq':
        equal[requirement.key] = requirement.value;
        break;
      case 'neq':
        conditions.push(`not (c.labels @> ${params.add(JSON.stringify({ [requirement.key]: requirement.value }))}::jsonb)`);
        break;
      case 'exists':
        conditions.push(`c.labels ? ${params.add(requirement.key)}`);
        break;
      case 'absent':
        conditions.push(`not (c.labels ? ${params.add(requirement.key)})`);
        break;
      case 'in':
        conditions.push(`(c.labels ->> ${params.add(requirement.key)}) = any(${params.add(requirement.values)}::text[])`);
        break;
      case 'notin':
        conditions.push(`coalesce((c.labels ->> ${params.add(requirement.key)}) <> all(${params.add(requirement.values)}::text[]), true)`);
        break;
    }
  }
  // One containment test for all equalities, so the labels GIN index applies.
  if (Object.keys(equal).length > 0) conditions.unshift(`c.labels @> ${params.add(JSON.stringify(equal))}::jsonb`);
  return conditions;
}

function agentCondition(params: Params, agent: string): string | undefined {
  const lowered = agent.toLowerCase();
  if (lowered === 'all') return undefined;
  if (lowered === 'local') return `c.agent_id = ${params.add(LOCAL_AGENT_ID)}::uuid`;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(lowered)) {
    return `c.agent_id = ${params.add(lowered)}::uuid`;
  }
  return `c.agent_id in (select a.id from agents a where a.name = ${params.add(agent)})`;
}

/** Types as duty matches them: exactly, or with `*` standing for any text (`Kubernetes::*`). */
function typeCondition(params: Params, types: string[]): string {
  const exact = types.filter((type) => !type.includes('*'));
  const patterns = types.filter((type) => type.includes('*')).map((type) => type.replace(/[\\%_]/g, (character) => `\\${character}`).replaceAll('*', '%'));
  const parts = [...(exact.length > 0 ? [`c.type = any(${params.add(exact)}::text[])`] : []), ...(patterns.length > 0 ? [`c.type like any(${params.add(patterns)}::text[])`] : [])];
  return parts.length === 1 ? parts[0]! : `(${parts.join(' or ')})`;
}

function selectorCondition(params: Params, source: KindSource, selector: ParsedSelector): string {
  const conditions: string[] = [];
  if (selector.id !== undefined) conditions.push(`c.id = ${params.add(selector.id)}::uuid`);
  if (selector.name !== undefined) conditions.push(`c.name = ${params.add(selector.name)}`);
  if (selector.namespace !== undefined) conditions.push(`${source.namespace} = ${params.add(selector.namespace)}`);
  if (selector.types.length > 0) conditions.push(typeCondition(params, selector.types));
  if (selector.excludedTypes.length > 0) {
    conditions.push(`coalesce(c.type <> all(${params.add(selector.excludedTypes)}::text[]), true)`);
  }
  if (selector.agent !== undefined) {
    const agent = agentCondition(params, selector.agent);
    if (agent) conditions.push(agent);
  }
  conditions.push(...labelConditions(params, selector.labels));
  if (selector.search !== undefined) conditions.push(nameContains(params, selector.search));
  return conditions.length === 0 ? 'true' : conditions.join(' and ');
}

/** The SQL and parameters of one kind's search. */
export function kindQuery(
  kind: ResourceSearchKind,
  selectors: readonly ParsedSelector[],
  search: string | undefined,
  limit: number,
): { text: string; values: unknown[] } {
  const source = SOURCES[kind];
  const params = new Params();
  const where = [source.live];
  where.push(`(${selectors.map((selector) => `(${selectorCondition(params, source, selector)})`).join(' or ')})`);
  if (search !== undefined) where.push(nameContains(params, search));

  // Exact name first, then names starting with the term, then the other matches; then by name.
  const rankTerm = search ?? selectors.find((selector) => selector.search !== undefined)?.search;
  const order = ['c.name nulls last', 'c.id'];
  if (rankTerm !== undefined) {
    order.unshift(
      `case when lower(c.name) = lower(${params.add(rankTerm)}) then 0
            when c.name ilike ${params.add(`${escapeLike(rankTerm)}%`)} escape '\\' then 1
            else 2 end`,
    );
  }
  const text = `${source.select}
    where ${where.join('\n      and ')}
    order by ${order.join(', ')}
    limit ${params.add(limit)}`;
  return { text, values: params.values };
}

/** Runs the search for the readable kinds; a readable kind that was not asked for answers []. */
export async function searchResources(
  pool: pg.Pool,
  request: ParsedSearchRequest,
  readable: readonly ResourceSearchKind[],
): Promise<ResourceSearchResponse> {
  const entries = await Promise.all(
    readable.map(async (kind) => {
      const selectors = request.kinds.get(kind);
      if (!selectors) return [kind, []] as const;
      const { text, values } = kindQuery(kind, selectors, request.search, request.limit);
      const { rows } = await pool.query(text, values);
      return [kind, rows] as const;
    }),
  );
  return Object.fromEntries(entries) as ResourceSearchResponse;
}
