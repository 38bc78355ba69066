import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { catalogSummary } from './summary.js';
import { parseSummaryRequest, SummaryRequestError, type SummaryRequest } from './summary-request.js';

/**
 * `POST /api/catalog/summary` (spec 2 section 7): the catalog grouped by groupBy with counts,
 * health, status, changes, insights and cost per group. Read on the catalog, as the data service's
 * configs relation.
 */
export const catalogSummaryRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.post('/api/catalog/summary', { schema: { tags: ['catalog'], summary: 'The catalog grouped, with counts, health, changes, insights and cost per group' } }, async (request) => {
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
