import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { clientOf } from './responders/clients.js';
import { ClientSettingsError, RemoteError } from './responders/http.js';
import { teamClient, type TeamClient } from './responders/team-client.js';
import { timeoutSignal } from '../modules/timeout-signal.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /api/incidents/responder-options?team_id&type[&project|&plan_id]`: the add-responder dialog's
 * choices from the team's own client system (its Jira or Planner instance is the team's connection):
 * Jira projects, and with a project its issue types and priorities; Planner plans, and with a plan its
 * buckets, and priorities. 400 when the team has no such client or the type has no options, 502 when
 * the system fails. Read on responder.
 */
export const responderRoutes: FastifyPluginAsync<{ pool: pg.Pool; secrets: ServerSecrets }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.get('/api/incidents/responder-options', async (request) => {
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
