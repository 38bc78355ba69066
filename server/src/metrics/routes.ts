import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import { registerEventQueueMetrics } from './event-queue-metrics.js';
import { installHttpMetrics } from './http-metrics.js';
import { registerPoolMetrics } from './pool-metrics.js';

export interface MetricsOptions {
  /** Where the figures go; other parts (the engine) add theirs to it. */
  registry: Registry;
  /** The server's pool, which the figures read from the database are read with. */
  pool: pg.Pool;
  /** Every pool by name, for their connection counts. */
  pools: Readonly<Record<string, pg.Pool>>;
}

/**
 * `GET /metrics` in the Prometheus text format, for any signed-in caller or bearer token (the access
 * guard checks it like /api). Each app has its own registry, so several apps in one process (tests)
 * do not mix their figures.
 */
export function installMetrics(app: FastifyInstance, { registry, pool, pools }: MetricsOptions): void {
  collectDefaultMetrics({ register: registry, prefix: 'pharos_' });
  registerPoolMetrics(registry, pools);
  registerEventQueueMetrics(registry, pool);
  installHttpMetrics(app, registry);
  app.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
}
