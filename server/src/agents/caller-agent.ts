import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { callerOf, RouteError } from '../http/route-access.js';
import type { PushingAgent } from './sync/apply-page.js';

export const AGENT_ROUTE_ONLY = 'Only an agent\'s access token may call this route: create an agent on /settings/agents and use the token it shows';

/**
 * The agent behind the request's token (never one named in the body), marked as seen now; with
 * `received`, also as having sent data now.
 */
export async function callingAgent(request: FastifyRequest, pool: pg.Pool, options: { received?: boolean } = {}): Promise<PushingAgent> {
  const agentId = callerOf(request).agentId;
  if (!agentId) throw new RouteError(403, '42501', AGENT_ROUTE_ONLY);
  const { rows } = await pool.query<PushingAgent>(
    `update agents set last_seen = now()${options.received ? ', last_received = now()' : ''}
      where id = $1 and deleted_at is null returning id, name`,
    [agentId],
  );
  const agent = rows[0];
  if (!agent) throw new RouteError(403, '42501', 'This agent was deleted: its token no longer pushes or pulls');
  return agent;
}
