import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import { RouteError, routeErrorHandler } from '../http/route-access.js';
import { callingAgent } from './caller-agent.js';
import { applyTablePage, type PushRow, type TableOutcome } from './sync/apply-page.js';
import { isSyncTableName, PUSH_PAGE_SIZE, SYNC_TABLE_NAMES, type SyncTableName } from './sync/tables.js';
import { checkRows, PushInputError } from './sync/validate.js';

/** The largest push body: a page of 500 rows of every table, with room for sizeable config items. */
export const PUSH_BODY_LIMIT = 32 * 1024 * 1024;

export interface AgentPushOptions {
  pool: pg.Pool;
}

function parsePush(body: unknown): Map<SyncTableName, PushRow[]> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RouteError(400, 'VALIDATION_FAILED', `The body must be a JSON object mapping table names (${SYNC_TABLE_NAMES.join(', ')}) to lists of rows`);
  }
  const tables = new Map<SyncTableName, PushRow[]>();
  for (const [name, rows] of Object.entries(body)) {
    if (!isSyncTableName(name)) throw new RouteError(400, 'VALIDATION_FAILED', `"${name}" cannot be pushed: the tables an agent pushes are ${SYNC_TABLE_NAMES.join(', ')}`);
    if (!Array.isArray(rows)) throw new RouteError(400, 'VALIDATION_FAILED', `${name} must be a list of rows`);
    if (rows.length > PUSH_PAGE_SIZE) {
      throw new RouteError(413, 'PAGE_TOO_LARGE', `${name} has ${rows.length} rows: push at most ${PUSH_PAGE_SIZE} rows of a table at once`);
    }
    try {
      checkRows(name, rows);
    } catch (error) {
      if (error instanceof PushInputError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      throw error;
    }
    tables.set(name, rows as PushRow[]);
  }
  return tables;
}

/**
 * POST /api/agent/push: rows of the caller's agent, table → rows, stored by key and marked with the
 * agent (see sync/apply-page.ts). The answer says, per table, what was stored, what was refused and
 * which parents upstream lacks.
 */
export const agentPushRoute: FastifyPluginAsync<AgentPushOptions> = async (app, { pool }) => {
  app.setErrorHandler(routeErrorHandler);
  app.post('/api/agent/push', { bodyLimit: PUSH_BODY_LIMIT }, async (request) => {
    const tables = parsePush(request.body);
    const hasRows = [...tables.values()].some((rows) => rows.length > 0);
    const agent = await callingAgent(request, pool, { received: hasRows });
    const outcomes = await transaction(pool, async (client) => {
      const answered: Partial<Record<SyncTableName, TableOutcome>> = {};
      // Parents first, so a page holding canaries and their checks stores both.
      for (const name of SYNC_TABLE_NAMES) {
        const rows = tables.get(name);
        if (rows) answered[name] = await applyTablePage(client, name, rows, agent);
      }
      return answered;
    });
    return { agent: { id: agent.id, name: agent.name }, tables: outcomes };
  });
};
