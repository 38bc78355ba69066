import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { findCatalogChanges } from './changes-query.js';
import { ChangesSearchError, parseChangesSearch } from './changes-request.js';

/**
 * `POST /api/catalog/changes` (spec 2 section 7): the catalog's changes by config (with its related
 * configs upstream or downstream), config type, change type, severity, source, summary, creator,
 * tags and time, paged and sorted; answers `{changes, total}`. Reading the catalog is reading the
 * database in the role matrix, as the data service's catalog relations are.
 */
export const catalogChangesRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.post('/api/catalog/changes', { schema: { tags: ['catalog'], summary: "The catalog's changes, filtered, paged and sorted" } }, async (request) => {
    authorize(request, 'database', 'read');
    let search;
    try {
      search = parseChangesSearch(request.body);
    } catch (error) {
      if (error instanceof ChangesSearchError) throw new RouteError(400, 'VALIDATION_FAILED', `bad request: ${error.message}`);
      throw error;
    }
    return findCatalogChanges(options.pool, search);
  });
};
