import { isUuid } from '@pharos/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../../http/route-access.js';
import { slaCsv, slaFileName } from './csv.js';
import { measureSla } from './measure.js';
import { slaPdf } from './pdf.js';
import { parseSlaRequest, SlaRequestError } from './request.js';
import { parseSlaSchedule } from './schedule-input.js';
import { createSlaSchedule, deleteSlaSchedule, listSlaSchedules } from './schedules.js';

function validated<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof SlaRequestError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
    throw error;
  }
}

/**
 * `GET /api/reports/sla`: uptime, latency, error budget and downtime windows per check, component or
 * label over a period of up to five years, as JSON, CSV or PDF; and the reports mailed on a schedule.
 * Reading needs read on canaries; scheduling a mailing, write on canaries.
 */
export const slaReportRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, { pool }) => {
  app.setErrorHandler(routeErrorHandler);

  app.get<{ Querystring: Record<string, unknown> }>('/api/reports/sla', { schema: { tags: ['health'], summary: 'SLA report: uptime, latency, error budget and downtime windows over a period' } }, async (request, reply) => {
    authorize(request, 'canaries', 'read');
    const asked = validated(() => parseSlaRequest(request.query));
    const report = await measureSla(pool, asked);
    if (asked.format === 'json') return report;
    const file = slaFileName(report, asked.format);
    reply.header('Content-Disposition', `attachment; filename="${file}"`);
    if (asked.format === 'csv') return reply.type('text/csv; charset=utf-8').send(slaCsv(report));
    return reply.type('application/pdf').send(await slaPdf(report));
  });

  app.get('/api/reports/sla/schedules', { schema: { tags: ['health'], summary: 'SLA reports mailed on a schedule' } }, async (request) => {
    authorize(request, 'canaries', 'read');
    return listSlaSchedules(pool);
  });

  app.post('/api/reports/sla/schedules', { schema: { tags: ['health'], summary: 'Mail an SLA report on a schedule' } }, async (request, reply) => {
    const caller = authorize(request, 'canaries', 'write');
    const input = validated(() => parseSlaSchedule(request.body));
    return reply.code(201).send(await createSlaSchedule(pool, input, caller.personId));
  });

  app.delete<{ Params: { id: string } }>('/api/reports/sla/schedules/:id', { schema: { tags: ['health'], summary: 'Stop mailing an SLA report' } }, async (request, reply) => {
    authorize(request, 'canaries', 'write');
    const { id } = request.params;
    if (!isUuid(id) || !(await deleteSlaSchedule(pool, id))) throw new RouteError(404, 'NOT_FOUND', 'No such scheduled SLA report');
    return reply.code(204).send();
  });
};
