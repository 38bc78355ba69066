import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { AGENT_SCRAPE_INTERVALS } from '@pharos/core';
import { answers, CHECKED_IN_CODE, REFUSALS } from '../http/route-schema.js';
import { AGENT_NAME_MAX, AgentInputError, parseAgentInput } from './agent-input.js';
import { AgentNameTakenError, generateAgent } from './generate.js';

export interface AgentRoutesOptions {
  pool: pg.Pool;
}

const GENERATE_SCHEMA = {
  tags: ['agents'],
  summary: 'Create an agent and its access token (shown only in this answer)',
  body: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', maxLength: AGENT_NAME_MAX, description: 'Lowercase letters, digits, hyphens and dots, starting and ending with a letter or digit' },
      description: { type: 'string', nullable: true },
      properties: { type: 'object', additionalProperties: { type: 'string' } },
      kubernetes: { type: 'object', properties: { enabled: { type: 'boolean' }, interval: { type: 'string', enum: [...AGENT_SCRAPE_INTERVALS] } } },
      pushTelemetry: { type: 'object', properties: { enabled: { type: 'boolean' }, topologyName: { type: 'string' } } },
    },
  },
  response: {
    201: { description: 'The new agent, with its access token', type: 'object', additionalProperties: true },
    ...answers({ ...REFUSALS, 409: 'An agent of that name exists' }),
  },
} as const;

/** POST /api/agent/generate: a new agent with its access token, shown only in this answer. */
export const agentRoutes: FastifyPluginAsync<AgentRoutesOptions> = async (app, { pool }) => {
  app.setErrorHandler(routeErrorHandler);

  app.post('/api/agent/generate', { schema: GENERATE_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const caller = authorize(request, 'agents', 'write');
    try {
      const agent = await generateAgent(pool, parseAgentInput(request.body), caller.personId);
      return await reply.code(201).header('cache-control', 'no-store').send(agent);
    } catch (error) {
      if (error instanceof AgentInputError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      if (error instanceof AgentNameTakenError) throw new RouteError(409, 'AGENT_NAME_TAKEN', error.message);
      throw error;
    }
  });
};
