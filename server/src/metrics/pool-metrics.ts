import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';

/** Connections of each database pool: open, idle, and requests waiting for one. */
export function registerPoolMetrics(registry: Registry, pools: Readonly<Record<string, pg.Pool>>): void {
  new Gauge({
    name: 'pharos_db_pool_connections',
    help: 'Connections of a database pool by state (total, idle) and requests waiting for a connection (waiting)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [name, pool] of Object.entries(pools)) {
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
}
