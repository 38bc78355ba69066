import { canRunCheck } from '@pharos/core';
import type { FastifyPluginAsync } from 'fastify';
import { authorize, callerOf, RouteError, routeErrorHandler } from '../http/route-access.js';
import { graphRoutes } from './graph.js';
import { runCanary, type CanaryRunOptions } from './run-canary.js';
import { stopSummaryBuilder } from './summary-builder.js';
import { checksSummary, rangeStart } from './summary.js';
import { timeoutSignal } from '../modules/timeout-signal.js';

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

  app.get<{ Querystring: { start?: string } }>('/api/canary/api/summary', { schema: { tags: ['health'], summary: 'Every check with its uptime and latency over a range' } }, async (request, reply) => {
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
    { schema: { tags: ['health'], summary: 'Run a check now and answer its result', params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] } } },
    async (request, reply) => {
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
