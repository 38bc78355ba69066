import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { AgentInputError, parseAgentInput } from './agent-input.js';
import { AgentNameTakenError, generateAgent } from './generate.js';

export interface AgentRoutesOptions {
  pool: pg.Pool;
}

// Documentation only: the body is checked by parseAgentInput, whose messages name the field at fault.
const GENERATE_SCHEMA = {
  tags: ['agents'],
  summary: 'Create an agent and its access token (shown only in this answer)',
  response: { 201: { description: 'The new agent, with its access token', type: 'object', additionalProperties: true } },
};

/** POST /api/agent/generate: a new agent with its access token, shown only in this answer. */
export const agentRoutes: FastifyPluginAsync<AgentRoutesOptions> = async (app, { pool }) => {
  app.setErrorHandler(routeErrorHandler);

  app.post('/api/agent/generate', { schema: GENERATE_SCHEMA }, async (request, reply) => {
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
