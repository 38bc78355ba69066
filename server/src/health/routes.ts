import { canRunCheck, isUuid } from '@pharos/core';
import type { FastifyPluginAsync } from 'fastify';
import { authorize, callerOf, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, BODY_OPTIONAL, CHECKED_IN_CODE, NO_BODY, REFUSALS, uuidParams } from '../http/route-schema.js';
import { graphRoutes } from './graph.js';
import { runCanary, type CanaryRunOptions } from './run-canary.js';
import { stopSummaryBuilder } from './summary-builder.js';
import { checksSummary, rangeStart } from './summary.js';
import { timeoutSignal } from '../modules/timeout-signal.js';

const SUMMARY_SCHEMA = {
  tags: ['health'],
  summary: 'Every check with its uptime and latency over a range',
  querystring: { type: 'object', properties: { start: { type: 'string', default: '1h', description: 'A duration back from now, or a time' } } },
  response: answers({ 200: 'The checks with their uptime and latency (gzip when accepted)', ...REFUSALS }),
} as const;

const RUN_CHECK_SCHEMA = {
  tags: ['health'],
  summary: 'Run a check now and answer its result',
  params: uuidParams('id'),
  body: NO_BODY,
  ...BODY_OPTIONAL,
  response: answers({ 200: '{message, status, duration, output, error}', 400: 'The id is not a UUID', 401: REFUSALS[401], 403: 'The caller’s role may not run checks', 404: 'No such check' }),
} as const;

/** Longest Run Now waits for its check. */
const RUN_NOW_TIMEOUT_MS = 90_000;

/**
 * `GET /api/canary/api/summary?start=1h` (every check with uptime and latency over the range) and
 * `POST /api/canary/run/check/{id}` (Run Now, spec 1 section 6: admin, editor, responder, commander):
 * runs the check at once, records its status like a scheduled run, and answers with it.
 */
export const healthRoutes: FastifyPluginAsync<CanaryRunOptions> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  await app.register(graphRoutes, { pool: options.pool });
  app.addHook('onClose', () => stopSummaryBuilder(options.pool));

  app.get<{ Querystring: { start?: string } }>('/api/canary/api/summary', { schema: SUMMARY_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    authorize(request, 'canaries', 'read');
    let start: Date;
    try {
      start = rangeStart(request.query.start);
    } catch (error) {
      throw new RouteError(400, 'VALIDATION_FAILED', (error as Error).message);
    }
    const answer = await checksSummary(options.pool, start);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(answer.gzipped);
    return reply.send(answer.json);
  });

  app.post<{ Params: { id: string } }>(
    '/api/canary/run/check/:id',
    { schema: RUN_CHECK_SCHEMA, ...CHECKED_IN_CODE },
    async (request, reply) => {
      // Checked here rather than by the schema, which documents a body this route takes none of.
      if (!isUuid(request.params.id)) throw new RouteError(400, 'VALIDATION_FAILED', 'params/id must match format "uuid"');
      const caller = callerOf(request);
      if (!canRunCheck(caller.roles)) {
        throw new RouteError(403, '42501', `permission denied: your role (${caller.roles.join(', ') || 'viewer (no role assigned)'}) may not run checks`);
      }
      const { rows } = await options.pool.query<{ canary_id: string }>('SELECT canary_id FROM checks WHERE id = $1 AND deleted_at IS NULL', [request.params.id]);
      const check = rows[0];
      if (!check) throw new RouteError(404, 'NOT_FOUND', `No check ${request.params.id}`);
      const aborted = new AbortController();
      // The client went away before the answer: stop the check.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) aborted.abort();
      });
      const { statuses } = await runCanary(options, { canaryId: check.canary_id, checkId: request.params.id }, AbortSignal.any([aborted.signal, timeoutSignal(RUN_NOW_TIMEOUT_MS)]));
      const status = statuses[0];
      if (!status) throw new RouteError(404, 'NOT_FOUND', `No check ${request.params.id}`);
      return {
        message: 'You have successfully initiated the check run.',
        status: status.invalid ? null : status.outcome.pass ? 'healthy' : 'unhealthy',
        duration: status.outcome.duration,
        output: status.outcome.message ?? null,
        error: status.outcome.error ?? null,
      };
    },
  );
};
