import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { callerOf, RouteError } from '../http/route-access.js';
import type { PushingAgent } from './sync/apply-page.js';

export const AGENT_ROUTE_ONLY = 'Only an agent\'s access token may call this route: create an agent on /settings/agents and use the token it shows';

/**
 * The agent behind the request's token (never one named in the body), marked as seen now; with
 * `received`, also as having sent data now (to the second).
 */
export async function callingAgent(request: FastifyRequest, pool: pg.Pool, options: { received?: boolean } = {}): Promise<PushingAgent> {
  const agentId = callerOf(request).agentId;
  if (!agentId) throw new RouteError(403, '42501', AGENT_ROUTE_ONLY);
  // Marked at most once a second: pages pushed several at once would otherwise each write (and flush)
  // the agent's row and wait on one another for its lock.
  const stale = `$2::boolean and (last_received is null or last_received < now() - interval '1 second')`;
  const { rows } = await pool.query<PushingAgent>(
    `with seen as (
       update agents set last_seen = now(), last_received = case when $2::boolean then now() else last_received end
        where id = $1 and deleted_at is null and (last_seen is null or last_seen < now() - interval '1 second' or ${stale})
     )
     select id, name from agents where id = $1 and deleted_at is null`,
    [agentId, options.received === true],
  );
  const agent = rows[0];
  if (!agent) throw new RouteError(403, '42501', 'This agent was deleted: its token no longer pushes or pulls');
  return agent;
}
