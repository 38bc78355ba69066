import { AGENT_ROLE } from '@pharos/core';
import type pg from 'pg';
import { generateToken, hashToken } from '../auth/tokens.js';
import { transaction } from '../db/transaction.js';
import type { AgentInput } from './agent-input.js';

/** The agent as created, with the access token that is shown this once and never again. */
export interface GeneratedAgent {
  id: string;
  name: string;
  description: string | null;
  properties: Record<string, string>;
  kubernetes: AgentInput['kubernetes'];
  pushTelemetry: AgentInput['pushTelemetry'];
  person_id: string;
  created_by: string;
  created_at: string;
  access_token: string;
}

/** Thrown when a live agent already has the name; answered 409. */
export class AgentNameTakenError extends Error {
  constructor(name: string) {
    super(`An agent named "${name}" already exists; choose another name or delete that agent first`);
  }
}

/**
 * Creates the agent, the person its token stands for (role `agent` only) and that token, in one
 * transaction: either all three exist or none does.
 */
export async function generateAgent(pool: pg.Pool, input: AgentInput, createdBy: string): Promise<GeneratedAgent> {
  const token = generateToken();
  return transaction(pool, async (client) => {
    // Serialises two creations of one name, which the partial unique index alone would answer with a raw violation.
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`agent:${input.name}`]);
    const taken = await client.query('select 1 from agents where name = $1 and deleted_at is null', [input.name]);
    if (taken.rowCount) throw new AgentNameTakenError(input.name);
    const person = await client.query<{ id: string }>(
      `insert into people (name, type, email) values ($1, 'agent', null) returning id`,
      [`agent-${input.name}`],
    );
    const personId = person.rows[0]?.id;
    if (!personId) throw new Error('The agent person was not created');
    await client.query('insert into person_roles (person_id, role) values ($1, $2)', [personId, AGENT_ROLE]);
    await client.query('insert into access_tokens (name, value, person_id, created_by) values ($1, $2, $3, $4)', [
      `agent ${input.name}`,
      hashToken(token),
      personId,
      createdBy,
    ]);
    const { rows } = await client.query<Omit<GeneratedAgent, 'access_token' | 'pushTelemetry'> & { push_telemetry: AgentInput['pushTelemetry'] }>(
      `insert into agents (name, description, properties, kubernetes, push_telemetry, person_id, created_by)
       values ($1, $2, $3, $4, $5, $6, $7)
       returning id, name, description, properties, kubernetes, push_telemetry, person_id, created_by, created_at`,
      [input.name, input.description, input.properties, input.kubernetes, input.pushTelemetry, personId, createdBy],
    );
    const row = rows[0];
    if (!row) throw new Error('The agent was not created');
    const { push_telemetry: pushTelemetry, ...agent } = row;
    return { ...agent, pushTelemetry, access_token: token };
  });
}
