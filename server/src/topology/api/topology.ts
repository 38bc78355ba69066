import type { TopologyComponent, TopologyResponse } from '@pharos/core';
import type pg from 'pg';
import type { TopologyRequest } from './topology-request.js';
import { NUMERIC_COLUMNS, topologyQuery } from './topology-sql.js';
import { sortChildren, sortComponents } from './topology-sort.js';

/** Longest the topology statement may run before PostgreSQL cancels it. */
export const TOPOLOGY_STATEMENT_TIMEOUT_MS = 10_000;

type Row = Record<string, unknown> & {
  role: 'asked' | 'card' | 'child';
  /** The card a child is shown under. */
  holder: string | null;
  teams: string[];
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
};

/** The row as the component's JSON: times as ISO text, costs as numbers. */
function componentOf(row: Row): TopologyComponent {
  const { role: _role, holder: _holder, teams: _teams, ...component } = row;
  for (const column of NUMERIC_COLUMNS) if (typeof component[column] === 'string') component[column] = Number(component[column]);
  return { ...component, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(), deleted_at: row.deleted_at?.toISOString() ?? null } as unknown as TopologyComponent;
}

function unique(values: Iterable<string | null | undefined>): string[] {
  return [...new Set([...values].filter((v): v is string => typeof v === 'string' && v !== ''))].sort();
}

/** Label keys and values of the components: {key: [values]}. */
function tagsOf(components: readonly TopologyComponent[]): Record<string, string[]> {
  const tags: Record<string, Set<string>> = {};
  for (const component of components) {
    for (const [key, value] of Object.entries(component.labels)) (tags[key] ??= new Set()).add(value);
  }
  return Object.fromEntries(Object.entries(tags).sort(([a], [b]) => a.localeCompare(b)).map(([key, values]) => [key, [...values].sort()]));
}

/**
 * GET /api/topology: without id the cards (root components, or with flatten every component of the
 * type) each with its children; with id `[that component]` whose children are the cards, each with
 * its own children. A summary counts the checks, open incidents and open insights linked to the
 * component, added to its children's summaries.
 */
export async function topology(pool: pg.Pool, request: TopologyRequest): Promise<TopologyResponse> {
  const query = topologyQuery(request);
  const client = await pool.connect();
  let rows: Row[];
  try {
    // One round trip: summaries whose links changed since the last read are worked out first (0031_topology_summaries.sql).
    await client.query(`BEGIN; SET LOCAL statement_timeout = ${TOPOLOGY_STATEMENT_TIMEOUT_MS}; SELECT topology_refresh_summaries()`);
    rows = (await client.query<Row>(query.text, query.values)).rows;
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }

  const byId = new Map<string, TopologyComponent>();
  const cardIds = new Set<string>();
  const children: [string, TopologyComponent][] = [];
  const teams = new Set<string>();
  for (const row of rows) {
    const id = row.id as string;
    const component = byId.get(id) ?? componentOf(row);
    byId.set(id, component);
    if (row.role === 'card') cardIds.add(id);
    if (row.role === 'child' && row.holder) children.push([row.holder, component]);
    if (row.role !== 'asked') for (const team of row.teams) teams.add(team);
  }
  const cards = [...cardIds].map((id) => byId.get(id)!);
  // A card holds its children and, with flatten, the cards below it.
  for (const card of cards) if (card.parent_id && cardIds.has(card.parent_id)) (byId.get(card.parent_id)!.components ??= []).push(card);
  for (const [holder, child] of children) (byId.get(holder)!.components ??= []).push(child);
  sortComponents(cards, request.sortBy, request.sortOrder);
  for (const card of cards) if (card.components) sortChildren(card.components);

  const asked = request.id ? byId.get(request.id) : undefined;
  const components = request.id ? (asked ? [{ ...asked, components: cards }] : []) : cards;
  const listed = [...byId.values()].filter((c) => c.id !== request.id);
  return {
    components,
    healthStatuses: unique(listed.map((c) => c.status)),
    tags: tagsOf(listed),
    teams: [...teams].sort(),
    types: unique(listed.map((c) => c.type)),
  };
}
