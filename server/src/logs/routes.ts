import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS, UUID, WHOLE } from '../http/route-schema.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { LogsRequestError, parseLogsRequest } from './request.js';
import { logSourceOf } from './sources.js';
import { findTarget, TargetError } from './target.js';
import { BackendConfigError, BackendError, PageError, SearchError, type LogPage } from './types.js';
import { timeoutSignal } from '../modules/timeout-signal.js';

/** A search gives up after this long (504), whatever the backend. */
export const SEARCH_TIMEOUT_MS = 20_000;

export interface LogsRoutesOptions {
  pool: pg.Pool;
  secrets: ServerSecrets;
  timeoutMs?: number;
}

/** Aborts when the client closes the connection before the answer was sent. */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const abort = (): void => {
    if (!reply.raw.writableFinished) controller.abort(new RouteError(499, 'CLIENT_CLOSED', 'The client closed the connection before the answer'));
  };
  if (request.raw.socket.destroyed) abort();
  else reply.raw.once('close', abort);
  return controller.signal;
}

function explained(error: unknown, timedOut: boolean, timeoutMs: number): unknown {
  if (timedOut) return new RouteError(504, 'TIMEOUT', `The log search took longer than ${timeoutMs / 1000} s and was stopped: narrow the time range or the query`);
  if (error instanceof BackendError) return new RouteError(502, 'BACKEND', error.message);
  if (error instanceof TargetError) return new RouteError(error.status, error.status === 404 ? 'NOT_FOUND' : 'NO_LOGS', error.message);
  if (error instanceof LogsRequestError || error instanceof PageError || error instanceof SearchError || error instanceof BackendConfigError) {
    return new RouteError(400, 'VALIDATION_FAILED', error.message);
  }
  return error;
}

const LOGS_SCHEMA = {
  tags: ['logs'],
  summary: 'Log lines matching a query, labels and a time range, a page at a time',
  body: {
    type: 'object',
    properties: {
      id: { ...UUID, description: 'A component with logs; or name' },
      name: { type: 'string', description: 'A log backend; or id' },
      query: { type: 'string' },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      start: { type: 'string', description: 'A time or a duration back from now such as 1h' },
      end: { type: 'string', description: 'A time or a duration back from now; now when absent' },
      limit: { ...WHOLE, description: 'Lines per page' },
      page: { type: 'string', description: 'nextPage of the previous answer' },
    },
  },
  response: answers({
    200: 'The lines, newest first: {results: [{timestamp, message, labels}], nextPage?}',
    ...REFUSALS,
    404: 'No such component or backend',
    502: 'The log backend failed',
    504: 'The search took too long',
  }),
} as const;

/**
 * `POST /api/logs` (spec 2 §7): the lines of a component's log selector (or of a log backend by
 * name) matching a query, labels and a time range, newest first, a page at a time:
 * `{results: [{timestamp, message, labels}], nextPage?}`. Needs read on logging_backends, and on
 * topologies for a component.
 */
export const logsRoutes: FastifyPluginAsync<LogsRoutesOptions> = async (app, options) => {
  const timeoutMs = options.timeoutMs ?? SEARCH_TIMEOUT_MS;
  app.setErrorHandler(routeErrorHandler);
  app.post('/api/logs', { schema: LOGS_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply): Promise<LogPage> => {
    authorize(request, 'logging_backends', 'read');
    const deadline = timeoutSignal(timeoutMs);
    try {
      const search = parseLogsRequest(request.body);
      if (search.id) authorize(request, 'topologies', 'read');
      const target = await findTarget(options.pool, search);
      const source = await logSourceOf(options, target.backend);
      const signal = AbortSignal.any([clientGone(request, reply), deadline]);
      return await source.search({ ...search, labels: { ...target.labels, ...search.labels } }, signal);
    } catch (error) {
      throw explained(error, deadline.aborted, timeoutMs);
    }
  });
};
