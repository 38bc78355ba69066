import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS, TEXT_OR_LIST } from '../http/route-schema.js';
import { catalogSummary } from './summary.js';
import { parseSummaryRequest, SUMMARY_COST_WINDOWS, SUMMARY_GROUP_COLUMNS, SummaryRequestError, type SummaryRequest } from './summary-request.js';

const SINCE = { type: 'object', properties: { since: { type: 'string', description: 'A duration such as 30d' } } } as const;
const FILTER_MAP = { type: 'object', additionalProperties: TEXT_OR_LIST } as const;

const SUMMARY_SCHEMA = {
  tags: ['catalog'],
  summary: 'The catalog grouped, with counts, health, changes, insights and cost per group',
  body: {
    type: 'object',
    properties: {
      groupBy: { ...TEXT_OR_LIST, description: `Columns (${SUMMARY_GROUP_COLUMNS.join(', ')}) or tag keys ending in __tag` },
      deleted: { type: 'boolean' },
      filter: { ...FILTER_MAP, description: 'Label filters by key: v or v:1 includes, !v or v:-1 excludes' },
      tags: { ...FILTER_MAP, description: 'Tag filters by key, written as filter' },
      health: TEXT_OR_LIST,
      status: TEXT_OR_LIST,
      type: TEXT_OR_LIST,
      changes: SINCE,
      analysis: SINCE,
      cost: { type: 'string', enum: [...SUMMARY_COST_WINDOWS] },
    },
  },
  response: answers({ 200: 'One row per group', ...REFUSALS }),
} as const;

/**
 * `POST /api/catalog/summary` (spec 2 section 7): the catalog grouped by groupBy with counts,
 * health, status, changes, insights and cost per group. Read on the catalog, as the data service's
 * configs relation.
 */
export const catalogSummaryRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.post('/api/catalog/summary', { schema: SUMMARY_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    authorize(request, 'database', 'read');
    let summary: SummaryRequest;
    try {
      summary = parseSummaryRequest(request.body);
    } catch (error) {
      if (error instanceof SummaryRequestError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      throw error;
    }
    return catalogSummary(options.pool, summary);
  });
};
