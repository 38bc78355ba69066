import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { TOPOLOGY_COMPONENT_STATUSES } from '@pharos/core';
import { authorize, RouteError, routeErrorHandler } from '../../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS, SORT_ORDER, UUID, uuidParams } from '../../http/route-schema.js';
import { parseSnapshotRequest, SnapshotRequestError, type SnapshotRequest } from './snapshot-request.js';
import { topologySnapshot } from './snapshot.js';
import { topology } from './topology.js';
import { parseTopologyRequest, TopologyRequestError, type TopologyRequest } from './topology-request.js';

const TRUE_OR_FALSE = { type: 'string', enum: ['true', 'false'] } as const;

const TOPOLOGY_SCHEMA = {
  tags: ['topology'],
  summary: 'The topology cards with their children, summaries and filter values',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      id: { ...UUID, description: 'The component whose children are the cards' },
      status: { type: 'string', description: `A comma list of ${TOPOLOGY_COMPONENT_STATUSES.join(', ')}; !status leaves one out` },
      type: { type: 'string', description: 'A comma list of types; !type leaves one out' },
      team: { type: 'string', description: 'A comma list of team names' },
      labels: { type: 'string', description: 'A comma list of key=value' },
      sortBy: { type: 'string' },
      sortOrder: SORT_ORDER,
      flatten: { ...TRUE_OR_FALSE, description: 'The components of the chosen type at every depth' },
      hidden: TRUE_OR_FALSE,
      agent_id: { type: 'string', description: 'An agent id, or all' },
    },
  },
  response: answers({ 200: 'The cards, their summaries and the filter values', ...REFUSALS }),
} as const;

const SNAPSHOT_SCHEMA = {
  tags: ['topology'],
  summary: 'A zip of a component with its checks, configs, changes, insights and incidents',
  params: uuidParams('id'),
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      start: { type: 'string', default: '30m', description: 'How far back: a duration above 0 and at most 30d' },
      related: { ...TRUE_OR_FALSE, description: 'With the related components' },
    },
  },
  produces: ['application/zip'],
  response: answers({ 200: 'The zip', ...REFUSALS, 404: 'No such component' }),
} as const;

/**
 * `GET /api/topology` (spec 2 section 7): the topology cards with their children, summaries and the
 * dashboard's filter values. Read on topologies, as the data service's components relation.
 * `GET /api/snapshot/topology/{id}?start&related`: a zip of the component (and its related
 * components) with its checks, configs, changes, insights and incidents over the range; read on
 * topologies, canaries, the catalog and incidents.
 */
export const topologyRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.get('/api/topology', { schema: TOPOLOGY_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
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

  app.get<{ Params: { id: string } }>('/api/snapshot/topology/:id', { schema: SNAPSHOT_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
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
