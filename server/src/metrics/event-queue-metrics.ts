import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';

/** Domain events waiting in event_queue: pending (never tried) and failed (tried, with an error). */
export function registerEventQueueMetrics(registry: Registry, pool: pg.Pool): void {
  new Gauge({
    name: 'pharos_event_queue_depth',
    help: 'Domain events in the queue by state: pending (not yet tried) or failed (tried, waiting for a retry or given up)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await pool.query<{ pending: string; failed: string }>(
        'select count(*) filter (where error is null) as pending, count(*) filter (where error is not null) as failed from event_queue',
      );
      this.set({ state: 'pending' }, Number(rows[0]?.pending ?? 0));
      this.set({ state: 'failed' }, Number(rows[0]?.failed ?? 0));
    },
  });
}
