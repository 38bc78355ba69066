import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, CHECKED_IN_CODE, FLAG, REFUSALS, SORT_ORDER, TEXT_OR_LIST, WHOLE } from '../http/route-schema.js';
import { findCatalogChanges } from './changes-query.js';
import { ChangesSearchError, parseChangesSearch, SORT_COLUMNS } from './changes-request.js';

const CHANGES_SCHEMA = {
  tags: ['catalog'],
  summary: "The catalog's changes, filtered, paged and sorted",
  body: {
    type: 'object',
    properties: {
      id: { ...TEXT_OR_LIST, description: 'Config ids (a comma list or a list); config_id is the same' },
      config_type: { ...TEXT_OR_LIST, description: 'Config types; configTypes and configType are the same' },
      type: { ...TEXT_OR_LIST, description: 'Change types; changeType and change_type are the same' },
      severity: { type: 'string', description: 'critical, high, medium, low or info (that severity and above), all, or !severity to leave one out' },
      source: { type: 'string' },
      summary: { type: 'string' },
      created_by: { type: 'string', description: 'A person id, or the creator outside Pharos' },
      external_created_by: { type: 'string' },
      from: { type: 'string', description: 'A time or now-<n><unit> (s, m, h, d, w, M, y)' },
      to: { type: 'string', description: 'A time or now-<n><unit>' },
      page: { ...WHOLE, description: 'From 1' },
      page_size: { ...WHOLE, description: 'Changes per page (pageSize is the same), at most 10000' },
      sort_by: { type: 'string', enum: [...SORT_COLUMNS], description: 'sortBy is the same; a leading - sorts descending' },
      sortOrder: SORT_ORDER,
      tags: {
        anyOf: [
          { type: 'array', items: { type: 'object', required: ['key', 'value'], properties: { key: { type: 'string' }, value: { type: 'string' }, exclude: FLAG } } },
          { type: 'object', additionalProperties: { type: 'string' } },
        ],
      },
      recursive: { anyOf: [FLAG, { type: 'string', enum: ['all', 'upstream', 'downstream', 'none'] }] },
      type_filter: { type: 'string', enum: ['all', 'upstream', 'downstream', 'none'], description: 'Changes of related configs in that direction' },
      depth: WHOLE,
      include_deleted_configs: FLAG,
      arbitraryFilter: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
  response: answers({ 200: 'The page of changes and their total: {changes, total}', ...REFUSALS }),
} as const;

/**
 * `POST /api/catalog/changes` (spec 2 section 7): the catalog's changes by config (with its related
 * configs upstream or downstream), config type, change type, severity, source, summary, creator,
 * tags and time, paged and sorted; answers `{changes, total}`. Reading the catalog is reading the
 * database in the role matrix, as the data service's catalog relations are.
 */
export const catalogChangesRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.post('/api/catalog/changes', { schema: CHANGES_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
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
