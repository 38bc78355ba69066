import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCatalog } from '../../src/catalog/register.js';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import { silentLogger } from '../../src/logger.js';
import { catalogTest } from './helpers.js';

/**
 * On the engine, as `pharos serve` runs them: applying a ScrapeConfig schedules it through its
 * scraper.changed event, each tick is a Scraper job whose job history holds the scrape summary, and
 * a scraper slower than its schedule never runs twice at once.
 */

const env = catalogTest('pharos-engine-scrape-');

let pool: pg.Pool;
let engine: Engine;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: env.database.url, max: 6 });
  engine = new Engine({ pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), schedulerIntervalMs: 200 }, events: { pollIntervalMs: 200 } });
  registerCatalog(engine, { ...env.options(), pool });
  await engine.start();
});

afterAll(async () => {
  await engine?.stop();
  await pool?.end();
});

interface History {
  status: string;
  resource_type: string;
  resource_name: string;
  success_count: number;
  error_count: number;
  details: { scrape_summary?: Record<string, Record<string, number>>; errors?: string[] };
  time_start: Date;
  time_end: Date | null;
}

async function histories(id: string): Promise<History[]> {
  const { rows } = await pool.query<History>(
    "select status, resource_type, resource_name, success_count, error_count, details, time_start, time_end from job_histories where name = 'Scraper' and resource_id = $1 order by time_start",
    [id],
  );
  return rows;
}

describe('scrapers on the engine', () => {
  it('are scheduled from their event and each run is in job history with its scrape summary', async () => {
    await writeFile(path.join(env.dir, 'queues.json'), JSON.stringify({ queues: [{ name: 'orders', depth: 3 }, { name: 'emails', depth: 0 }] }));
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: queues
spec:
  schedule: '@every 1s'
  file:
    - type: MQ::Queue
      id: $.name
      name: $.name
      items: $.queues[*]
      paths: [queues.json]
`);
    const id = await env.scraperId('queues');
    await expect.poll(async () => (await histories(id)).filter((row) => row.status !== 'RUNNING').length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    const [first, second] = (await histories(id)).filter((row) => row.status !== 'RUNNING');
    expect(first).toMatchObject({ status: 'SUCCESS', resource_type: 'config_scraper', resource_name: 'queues', success_count: 2, error_count: 0 });
    expect(first!.details.scrape_summary!['MQ::Queue']).toMatchObject({ added: 2, updated: 0, unchanged: 0, deleted: 0, errors: 0 });
    expect(second!.details.scrape_summary!['MQ::Queue']).toMatchObject({ added: 0, unchanged: 2 });
    const { rows } = await pool.query<{ name: string }>('select name from configs where scraper_id = $1 order by name', [id]);
    expect(rows.map((row) => row.name)).toEqual(['emails', 'orders']);
  });

  it('never runs a scraper twice at once, even when it takes longer than its schedule', async () => {
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: slow
spec:
  schedule: '@every 1s'
  exec:
    - type: Host::Uptime
      id: $.host
      script: |
        sleep 2.5
        echo '{"host": "build-box", "uptime": 1}'
`);
    const id = await env.scraperId('slow');
    await expect.poll(async () => (await histories(id)).filter((row) => row.status !== 'RUNNING').length, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    const runs = await histories(id);
    for (let index = 1; index < runs.length; index += 1) {
      expect(runs[index]!.time_start.getTime()).toBeGreaterThanOrEqual(runs[index - 1]!.time_end!.getTime());
    }
    expect(runs.filter((row) => row.status !== 'RUNNING').every((row) => row.status === 'SUCCESS')).toBe(true);
  });

  it('says in job history why a kind it cannot run did not run', async () => {
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: image-scan
spec:
  schedule: '@every 1h'
  trivy:
    - version: "0.40.0"
`);
    const id = await env.scraperId('image-scan');
    await expect.poll(async () => (await histories(id)).filter((row) => row.status !== 'RUNNING').length, { timeout: 20_000, interval: 250 }).toBe(1);
    const [run] = await histories(id);
    expect(run).toMatchObject({ status: 'FAILED', error_count: 1, details: { errors: ['trivy scrapers need the Trivy scanner, which Pharos does not run: not run'] } });
  });
});
