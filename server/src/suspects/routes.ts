import { can, type Resource } from '@pharos/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS, UUID } from '../http/route-schema.js';
import { loadAnchor } from './anchor.js';
import { rankSuspects } from './rank.js';
import { parseSuspectsRequest, SuspectsRequestError, type AnchorKind } from './request.js';

/** The role matrix's resource of each anchor: reading its suspects needs reading it. */
const ANCHOR_RESOURCES: Readonly<Record<AnchorKind, Resource>> = { check: 'canaries', component: 'topologies', incident: 'incident' };

/**
 * `GET /api/suspects?check_id=|component_id=|incident_id=&window=&limit=`: the catalog changes that
 * could explain a failing check, an unhealthy component or an incident, ranked. Changes are those of
 * the configs within three hops of it, in the window before it turned; a caller who may not read the
 * catalog ('database' in the role matrix) gets none of them.
 */
const SUSPECTS_SCHEMA = {
  tags: ['catalog'],
  summary: 'Catalog changes that could explain a failing check, an unhealthy component or an incident, most likely first',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      check_id: { ...UUID, description: 'One of check_id, component_id and incident_id' },
      component_id: UUID,
      incident_id: UUID,
      window: { type: 'string', description: 'How long before the failure to look, such as 2h' },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
    },
  },
  response: answers({ 200: 'The anchor, the window searched and the suspects', ...REFUSALS, 404: 'No such check, component or incident' }),
} as const;

export const suspectsRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.get<{ Querystring: Record<string, unknown> }>('/api/suspects', { schema: SUSPECTS_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    let asked;
    try {
      asked = parseSuspectsRequest(request.query);
    } catch (error) {
      if (error instanceof SuspectsRequestError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      throw error;
    }
    const caller = authorize(request, ANCHOR_RESOURCES[asked.anchor.kind], 'read');
    const anchor = await loadAnchor(options.pool, asked.anchor.kind, asked.anchor.id);
    if (!anchor) throw new RouteError(404, 'NOT_FOUND', `No ${asked.anchor.kind} ${asked.anchor.id}`);
    const mayReadCatalog = can(caller.roles, 'database', 'read');
    const ranking = mayReadCatalog ? await rankSuspects(options.pool, anchor.seeds, anchor.transitionAt, asked.windowMs, asked.limit) : { suspects: [], configs: 0, truncated: false };
    return {
      anchor: { kind: anchor.kind, id: anchor.id, name: anchor.name, transition_at: anchor.transitionAt.toISOString() },
      window: asked.window,
      from: new Date(anchor.transitionAt.getTime() - asked.windowMs).toISOString(),
      configs_searched: ranking.configs,
      truncated: ranking.truncated,
      suspects: ranking.suspects,
    };
  });
};
