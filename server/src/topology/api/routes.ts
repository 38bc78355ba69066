import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../../http/route-access.js';
import { topology } from './topology.js';
import { parseTopologyRequest, TopologyRequestError, type TopologyRequest } from './topology-request.js';

/**
 * `GET /api/topology` (spec 2 section 7): the topology cards with their children, summaries and the
 * dashboard's filter values. Read on topologies, as the data service's components relation.
 */
export const topologyRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.get('/api/topology', async (request) => {
    authorize(request, 'topologies', 'read');
    let parsed: TopologyRequest;
    try {
      parsed = parseTopologyRequest(request.query as Record<string, unknown>);
    } catch (error) {
      if (error instanceof TopologyRequestError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      throw error;
    }
    return topology(options.pool, parsed);
  });
};
