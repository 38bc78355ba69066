import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS, UUID as UUID_SCHEMA } from '../http/route-schema.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { clientOf } from './responders/clients.js';
import { ClientSettingsError, RemoteError } from './responders/http.js';
import { teamClient, type TeamClient } from './responders/team-client.js';
import { timeoutSignal } from '../modules/timeout-signal.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const OPTIONS_SCHEMA = {
  tags: ['incidents'],
  summary: "Choices of the add-responder dialog from the team's Jira or Planner",
  querystring: {
    type: 'object',
    required: ['team_id', 'type'],
    properties: {
      team_id: UUID_SCHEMA,
      type: { type: 'string', description: 'The responder type, such as jira or ms_planner' },
      project: { type: 'string', description: 'Jira: with a project, its issue types and priorities' },
      plan_id: { type: 'string', description: 'Planner: with a plan, its buckets' },
    },
  },
  response: answers({ 200: 'The fields and their choices: {fields}', ...REFUSALS, 502: 'The team’s system failed' }),
} as const;

/**
 * `GET /api/incidents/responder-options?team_id&type[&project|&plan_id]`: the add-responder dialog's
 * choices from the team's own client system (its Jira or Planner instance is the team's connection):
 * Jira projects, and with a project its issue types and priorities; Planner plans, and with a plan its
 * buckets, and priorities. 400 when the team has no such client or the type has no options, 502 when
 * the system fails. Read on responder.
 */
export const responderRoutes: FastifyPluginAsync<{ pool: pg.Pool; secrets: ServerSecrets }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.get('/api/incidents/responder-options', { schema: OPTIONS_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    authorize(request, 'responder', 'read');
    const query = Object.fromEntries(Object.entries(request.query as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const teamId = query['team_id'];
    const type = query['type'];
    if (!teamId || !UUID.test(teamId)) throw new RouteError(400, 'VALIDATION_FAILED', 'team_id must be a team id');
    if (!type) throw new RouteError(400, 'VALIDATION_FAILED', 'type is required');
    const client = clientOf(type);
    if (!client?.options) throw new RouteError(400, 'VALIDATION_FAILED', `the responder type ${type} has no options`);
    let team: TeamClient;
    try {
      team = await teamClient(options.pool, options.secrets, teamId, type);
    } catch (error) {
      if (error instanceof RemoteError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      throw error;
    }
    try {
      const fields = await client.options({ connection: team.connection, fields: team.defaults, signal: timeoutSignal(30_000) }, query);
      return { fields };
    } catch (error) {
      if (error instanceof ClientSettingsError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      if (error instanceof RemoteError) throw new RouteError(502, 'BAD_GATEWAY', error.message);
      throw error;
    }
  });
};
