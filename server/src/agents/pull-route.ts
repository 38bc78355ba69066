import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { AGENT_DEFAULTS, AGENT_SCRAPE_INTERVALS, type AgentScrapeInterval } from '@pharos/core';
import type pg from 'pg';
import { routeErrorHandler } from '../http/route-access.js';
import { answers } from '../http/route-schema.js';
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
  /** The agent's own cluster scrape (its settings on /settings/agents), under the agent's name. */
  kubernetes?: OwnClusterSetting;
}

export interface OwnClusterSetting {
  enabled: boolean;
  interval: AgentScrapeInterval;
  clusterName: string;
}

async function ownClusterSetting(pool: pg.Pool, agent: { id: string; name: string }): Promise<OwnClusterSetting> {
  const { rows } = await pool.query<{ kubernetes: { enabled?: unknown; interval?: unknown } | null }>('select kubernetes from agents where id = $1', [agent.id]);
  const stored = rows[0]?.kubernetes ?? {};
  const interval = AGENT_SCRAPE_INTERVALS.find((candidate) => candidate === stored.interval) ?? AGENT_DEFAULTS.kubernetes.interval;
  return { enabled: stored.enabled === true, interval, clusterName: agent.name };
}

function etagOf(answer: PullAnswer): string {
  return `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url')}"`;
}

/**
 * GET /api/agent/pull: the canaries, scrape configs and topologies whose agentSelector names the
 * caller's agent, and its own cluster scrape setting (`kubernetes {enabled, interval}`). The whole set is answered each time (what is absent was unassigned or deleted),
 * with an ETag: a pull sending it back in If-None-Match is answered 304 when nothing changed.
 */
export const agentPullRoute: FastifyPluginAsync<AgentPullOptions> = async (app, { pool }) => {
  app.setErrorHandler(routeErrorHandler);
  app.get('/api/agent/pull', {
    schema: {
      tags: ['agents'],
      summary: 'The canaries, scrape configs and topologies assigned to the calling agent (agent tokens only)',
      headers: { type: 'object', properties: { 'if-none-match': { type: 'string', description: 'The ETag of the last answer' } } },
      response: answers({ 200: 'Every spec assigned to the agent, by kind, with an ETag', 304: 'Nothing changed since the ETag sent', 401: 'Not signed in', 403: 'Not an agent token' }),
    },
  }, async (request, reply) => {
    const agent = await callingAgent(request, pool);
    const answer: PullAnswer = {
      canaries: await assignedSpecs(pool, 'canaries', agent.name),
      config_scrapers: await assignedSpecs(pool, 'config_scrapers', agent.name),
      topologies: await assignedSpecs(pool, 'topologies', agent.name),
      kubernetes: await ownClusterSetting(pool, agent),
    };
    const etag = etagOf(answer);
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return answer;
  });
};
