import { LOCAL_AGENT_ID } from '@pharos/core';
import type pg from 'pg';
import { agentSelectorOf, selectsAgent } from '../assignment.js';

export const ASSIGNABLE_TABLES = ['canaries', 'config_scrapers', 'topologies'] as const;
export type AssignableTable = (typeof ASSIGNABLE_TABLES)[number];

/** A spec upstream holds itself and assigns to an agent, as the agent stores and runs it. */
export interface AssignedSpec {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: Record<string, unknown>;
  icon?: string | null;
  description?: string | null;
  updated_at: string;
}

const EXTRA_COLUMNS: Record<AssignableTable, string> = {
  canaries: ', icon',
  config_scrapers: ', description',
  topologies: ', icon',
};

/** The live specs of one kind whose agentSelector selects the agent, oldest first. */
export async function assignedSpecs(db: pg.Pool | pg.PoolClient, table: AssignableTable, agentName: string): Promise<AssignedSpec[]> {
  const { rows } = await db.query<AssignedSpec>(
    `select id, name, namespace, labels, spec${EXTRA_COLUMNS[table]}, to_json(updated_at) #>> '{}' as updated_at
       from ${table}
      where agent_id = $1 and deleted_at is null and jsonb_typeof(spec -> 'agentSelector') = 'array'
      order by created_at, id`,
    [LOCAL_AGENT_ID],
  );
  return rows.filter((row) => selectsAgent(agentSelectorOf(row.spec), agentName));
}
