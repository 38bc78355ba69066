import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { routeErrorHandler } from '../http/route-access.js';
import { callingAgent } from './caller-agent.js';
import { assignedSpecs, type AssignedSpec } from './sync/assigned.js';

export interface AgentPullOptions {
  pool: pg.Pool;
}

/** What an agent runs: every live spec upstream assigns to it, by kind. */
export interface PullAnswer {
  canaries: AssignedSpec[];
  config_scrapers: AssignedSpec[];
  topologies: AssignedSpec[];
}

function etagOf(answer: PullAnswer): string {
  return `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url')}"`;
}

/**
 * GET /api/agent/pull: the canaries, scrape configs and topologies whose agentSelector names the
 * caller's agent. The whole set is answered each time (what is absent was unassigned or deleted),
 * with an ETag: a pull sending it back in If-None-Match is answered 304 when nothing changed.
 */
export const agentPullRoute: FastifyPluginAsync<AgentPullOptions> = async (app, { pool }) => {
  app.setErrorHandler(routeErrorHandler);
  app.get('/api/agent/pull', async (request, reply) => {
    const agent = await callingAgent(request, pool);
    const answer: PullAnswer = {
      canaries: await assignedSpecs(pool, 'canaries', agent.name),
      config_scrapers: await assignedSpecs(pool, 'config_scrapers', agent.name),
      topologies: await assignedSpecs(pool, 'topologies', agent.name),
    };
    const etag = etagOf(answer);
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return answer;
  });
};
