import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../../http/route-access.js';
import { parseSnapshotRequest, SnapshotRequestError, type SnapshotRequest } from './snapshot-request.js';
import { topologySnapshot } from './snapshot.js';
import { topology } from './topology.js';
import { parseTopologyRequest, TopologyRequestError, type TopologyRequest } from './topology-request.js';

/**
 * `GET /api/topology` (spec 2 section 7): the topology cards with their children, summaries and the
 * dashboard's filter values. Read on topologies, as the data service's components relation.
 * `GET /api/snapshot/topology/{id}?start&related`: a zip of the component (and its related
 * components) with its checks, configs, changes, insights and incidents over the range; read on
 * topologies, canaries, the catalog and incidents.
 */
export const topologyRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.get('/api/topology', { schema: { tags: ['topology'], summary: 'The topology cards with their children, summaries and filter values' } }, async (request) => {
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

  app.get<{ Params: { id: string } }>('/api/snapshot/topology/:id', { schema: { tags: ['topology'], summary: 'A zip of a component with its checks, configs, changes, insights and incidents' } }, async (request, reply) => {
    for (const resource of ['topologies', 'canaries', 'database', 'incident'] as const) authorize(request, resource, 'read');
    let parsed: SnapshotRequest;
    try {
      parsed = parseSnapshotRequest(request.params.id, request.query as Record<string, unknown>);
    } catch (error) {
      if (error instanceof SnapshotRequestError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      throw error;
    }
    const snapshot = await topologySnapshot(options.pool, parsed);
    if (!snapshot) throw new RouteError(404, 'NOT_FOUND', `Component ${parsed.id} not found`);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${snapshot.fileName}"`)
      .send(Buffer.from(snapshot.archive.buffer, snapshot.archive.byteOffset, snapshot.archive.byteLength));
  });
};
