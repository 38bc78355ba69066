import { isUuid } from '@pharos/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS, uuidParams } from '../../http/route-schema.js';
import { slaCsv, slaFileName } from './csv.js';
import { measureSla } from './measure.js';
import { slaPdf } from './pdf.js';
import { parseSlaRequest, SlaRequestError } from './request.js';
import { parseSlaSchedule } from './schedule-input.js';
import { createSlaSchedule, deleteSlaSchedule, listSlaSchedules } from './schedules.js';

const TAGS = ['health'];

const REPORT_SCHEMA = {
  tags: TAGS,
  summary: 'SLA report: uptime, latency, error budget and downtime windows over a period',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      from: { type: 'string', format: 'date-time', description: 'Or period' },
      to: { type: 'string', format: 'date-time', description: 'Now when absent' },
      period: { type: 'string', default: '30d', description: 'A duration back from to; at most 5 years' },
      group_by: { type: 'string', default: 'check', description: 'check, component or label:<key>' },
      target: { type: 'number', default: 99.9, description: 'Percent, above 0 and below 100' },
      format: { type: 'string', enum: ['json', 'csv', 'pdf'], default: 'json' },
      limit: { type: 'integer', minimum: 1, maximum: 10000, default: 500 },
    },
  },
  produces: ['application/json', 'text/csv', 'application/pdf'],
  response: answers({ 200: 'The report as JSON, or a CSV or PDF file', ...REFUSALS }),
} as const;

const SCHEDULES_SCHEMA = {
  tags: TAGS,
  summary: 'SLA reports mailed on a schedule',
  response: answers({ 200: 'The schedules', 401: REFUSALS[401], 403: REFUSALS[403] }),
} as const;

const SCHEDULE_SCHEMA = {
  tags: TAGS,
  summary: 'Mail an SLA report on a schedule',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'schedule', 'recipients'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      schedule: { type: 'string', description: 'A cron expression or @daily, @weekly …' },
      recipients: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string', format: 'email' } },
      report: {
        type: 'object',
        properties: {
          period: { type: 'string', default: '30d' },
          format: { type: 'string', enum: ['csv', 'pdf'], default: 'pdf' },
          group_by: { type: 'string', default: 'check' },
          target: { type: 'number', default: 99.9 },
        },
      },
    },
  },
  response: answers({ 201: 'The schedule', ...REFUSALS }),
} as const;

const UNSCHEDULE_SCHEMA = {
  tags: TAGS,
  summary: 'Stop mailing an SLA report',
  params: uuidParams('id'),
  response: answers({ 204: 'Stopped', 401: REFUSALS[401], 403: REFUSALS[403], 404: 'No such schedule' }),
} as const;

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

  app.get<{ Querystring: Record<string, unknown> }>('/api/reports/sla', { schema: REPORT_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    authorize(request, 'canaries', 'read');
    const asked = validated(() => parseSlaRequest(request.query));
    const report = await measureSla(pool, asked);
    if (asked.format === 'json') return report;
    const file = slaFileName(report, asked.format);
    reply.header('Content-Disposition', `attachment; filename="${file}"`);
    if (asked.format === 'csv') return reply.type('text/csv; charset=utf-8').send(await slaCsv(report));
    return reply.type('application/pdf').send(await slaPdf(report));
  });

  app.get('/api/reports/sla/schedules', { schema: SCHEDULES_SCHEMA }, async (request) => {
    authorize(request, 'canaries', 'read');
    return listSlaSchedules(pool);
  });

  app.post('/api/reports/sla/schedules', { schema: SCHEDULE_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const caller = authorize(request, 'canaries', 'write');
    const input = validated(() => parseSlaSchedule(request.body));
    return reply.code(201).send(await createSlaSchedule(pool, input, caller.personId));
  });

  app.delete<{ Params: { id: string } }>('/api/reports/sla/schedules/:id', { schema: UNSCHEDULE_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    authorize(request, 'canaries', 'write');
    const { id } = request.params;
    if (!isUuid(id) || !(await deleteSlaSchedule(pool, id))) throw new RouteError(404, 'NOT_FOUND', 'No such scheduled SLA report');
    return reply.code(204).send();
  });
};
