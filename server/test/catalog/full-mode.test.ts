import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogTest } from './helpers.js';

/**
 * `full: true`: a script answers each item's `config` with the `changes` its system recorded and its
 * `analysis`; those changes are written once however often they are read, insights are kept one per
 * analyzer and resolved when no longer listed, and `transform.changes` maps (type, severity) or drops
 * changes, the diff changes of a real edit included.
 */

const env = catalogTest('pharos-full-');

const output = (replicas: number) =>
  JSON.stringify([
    {
      config: { id: 'deploy-api', replicas },
      analysis: [
        { analyzer: 'open-port', analysis_type: 'security', severity: 'high', summary: 'port 22 is open', messages: ['port 22 is open to 0.0.0.0/0', 'seen by the scanner'] },
        ...(replicas < 3 ? [{ analyzer: 'old-image', analysis_type: 'technical_debt', severity: 'Low', summary: 'api:1.3 is a year old' }] : []),
      ],
      changes: [
        { change_type: 'Deployed', external_change_id: 'run-41', summary: 'api 1.4 deployed', created_at: '2026-01-01T10:00:00Z', created_by: 'ci-bot', severity: 'low', details: { pipeline: 41 } },
        { change_type: 'Heartbeat', external_change_id: 'hb-1' },
      ],
    },
  ]);

describe('full mode', () => {
  it('writes the changes the data lists once, keeps its insights (resolving those no longer listed), and maps or drops changes by transform.changes', async () => {
    const state = path.join(env.dir, 'deploy.json');
    await writeFile(state, output(2));
    const id = (await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: deployments
spec:
  full: true
  exec:
    - type: App::Deployment
      id: $.config.id
      name: $.config.id
      script: cat ${state}
      transform:
        changes:
          exclude:
            - change_type == 'Heartbeat'
          mapping:
            - filter: change_type == 'Deployed'
              type: Deployment
              severity: medium
            - filter: change_type == 'diff' && summary.startsWith('replicas')
              type: Scaled
`))[0]!;
    const run = () => env.run(id);

    const first = await run();
    expect(first.errors).toEqual([]);
    expect(first.summary['App::Deployment']).toMatchObject({ added: 1, changes: 1, insights: 2, resolved: 0 });
    const { rows: items } = await env.server.pool.query<{ id: string; config: unknown }>('select id, config from configs where scraper_id = $1', [id]);
    expect(items.map((row) => row.config)).toEqual([{ id: 'deploy-api', replicas: 2 }]);
    const changes = async () =>
      (
        await env.server.pool.query<{ change_type: string; severity: string; summary: string; external_change_id: string | null; external_created_by: string | null; created_at: Date; first_observed: Date; details: unknown }>(
          'select change_type, severity, summary, external_change_id, external_created_by, created_at, first_observed, details from config_changes where config_id = $1 order by change_type',
          [items[0]!.id],
        )
      ).rows;
    expect(await changes()).toEqual([
      {
        change_type: 'Deployment',
        severity: 'medium',
        summary: 'api 1.4 deployed',
        external_change_id: 'run-41',
        external_created_by: 'ci-bot',
        created_at: new Date('2026-01-01T10:00:00Z'),
        first_observed: new Date('2026-01-01T10:00:00Z'),
        details: { pipeline: 41 },
      },
    ]);

    const insights = async () =>
      (
        await env.server.pool.query<{ analyzer: string; analysis_type: string; severity: string; status: string; message: string | null; scraper_id: string }>(
          'select analyzer, analysis_type, severity, status, message, scraper_id from config_analysis where config_id = $1 order by analyzer',
          [items[0]!.id],
        )
      ).rows;
    expect(await insights()).toEqual([
      { analyzer: 'old-image', analysis_type: 'technical_debt', severity: 'low', status: 'open', message: null, scraper_id: id },
      { analyzer: 'open-port', analysis_type: 'security', severity: 'high', status: 'open', message: 'port 22 is open to 0.0.0.0/0\nseen by the scanner', scraper_id: id },
    ]);
    await env.server.pool.query("update config_analysis set status = 'silenced' where analyzer = 'open-port'");

    await writeFile(state, output(3));
    const second = await run();
    expect(second.summary['App::Deployment']).toMatchObject({ updated: 1, changes: 1, insights: 1, resolved: 1 });
    expect((await insights()).map((insight) => [insight.analyzer, insight.status])).toEqual([
      ['old-image', 'resolved'],
      ['open-port', 'silenced'],
    ]);
    const after = await changes();
    expect(after.map((change) => [change.change_type, change.summary, change.external_change_id])).toEqual([
      ['Deployment', 'api 1.4 deployed', 'run-41'],
      ['Scaled', 'replicas: 2 → 3', null],
    ]);
  });
});
