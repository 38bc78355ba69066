import { describe, expect, it } from 'vitest';
import { manifest } from '../support/manifest.js';
import { until } from '../support/until.js';
import { playbookTest } from './helpers.js';

/**
 * Playbook runs in job history (/settings/jobs reads job_histories through the data service): one row
 * per run with its start, end, status, error and duration; and the events of runs that no consumer
 * of this engine takes are not left pending in the event queue.
 */

const env = playbookTest({ events: { discardUnconsumed: true, pollIntervalMs: 200 } });

interface JobRow {
  name: string;
  resource_id: string;
  resource_type: string;
  resource_name: string;
  status: string;
  time_start: string;
  time_end: string | null;
  duration_millis: number | null;
  error_count: number;
  details: { errors?: string[] };
}

async function read<T>(path: string): Promise<T> {
  const response = await fetch(`${env.server.url}/api/db/${path}`, { headers: { authorization: `Bearer ${env.token}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

const historyOf = (runId: string) => read<JobRow[]>(`job_histories?resource_type=eq.playbook_run&resource_id=eq.${runId}`);

describe('a playbook run in job history', () => {
  it('is recorded when it completes, with its playbook, start, end and duration', async () => {
    const id = await env.apply(manifest('Playbook', { name: 'say-hello' }, `actions:\n  - name: hello\n    exec:\n      script: echo hello`));
    const run = await env.until((await env.start({ id })).body.run_id!);
    expect(run.status).toBe('completed');
    const [row] = await until(() => historyOf(run.id), (rows) => rows[0]?.status === 'SUCCESS');
    expect(row).toMatchObject({ name: 'PlaybookRun', resource_type: 'playbook_run', resource_name: 'say-hello', error_count: 0 });
    expect(row!.time_end).not.toBeNull();
    expect(row!.duration_millis).toBeGreaterThanOrEqual(0);
    expect(new Date(row!.time_end!).getTime()).toBeGreaterThanOrEqual(new Date(row!.time_start).getTime());
  });

  it('is recorded as FAILED with the error of the run', async () => {
    const id = await env.apply(manifest('Playbook', { name: 'always-fails' }, `actions:\n  - name: broken\n    exec:\n      script: echo nope >&2; exit 3`));
    const run = await env.until((await env.start({ id })).body.run_id!);
    expect(run.status).toBe('failed');
    const [row] = await until(() => historyOf(run.id), (rows) => rows[0]?.status === 'FAILED');
    expect(row!.error_count).toBe(1);
    expect(row!.details.errors).toEqual([run.error]);
    expect(row!.time_end).not.toBeNull();
    // The jobs screen filters by resource type: the run is listed among the failed runs.
    const failed = await read<JobRow[]>('job_histories?resource_type=eq.playbook_run&status=eq.FAILED');
    expect(failed.map((job) => job.resource_id)).toContain(run.id);
  });

  it('leaves no event of a run pending when no consumer takes it', async () => {
    const id = await env.apply(manifest('Playbook', { name: 'quiet' }, `actions:\n  - name: hello\n    exec:\n      script: echo quiet`));
    await env.until((await env.start({ id })).body.run_id!);
    const incident = await fetch(`${env.server.url}/api/db/incidents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Checkout is down', type: 'availability', severity: 'high' }),
    });
    expect(incident.status, await incident.clone().text()).toBe(201);
    // Consumed events are taken as usual: once the playbook's own are gone, nothing unconsumed waits.
    const summary = await until(
      () => read<{ name: string; pending: number }[]>('event_queue_summary'),
      (rows) => !rows.some((row) => row.name.startsWith('playbook.run.') || row.name.startsWith('incident.')),
    );
    expect(summary.filter((row) => row.name.startsWith('playbook.run.') || row.name.startsWith('incident.'))).toEqual([]);
    expect((await env.pool.query("select count(*)::int as n from incident_histories where type = 'incident.created'")).rows).toEqual([{ n: 1 }]);
  });
});

describe('an unknown playbook run', () => {
  it('is 404 with a not-found text, whether its id is unknown or cannot be one', async () => {
    for (const id of ['3f2b8c1e-5d4a-4e7b-9c21-8a6f0d2e4b17', 'nope']) {
      for (const [method, path] of [['GET', `run/${id}`], ['POST', `run/approve/${id}`], ['POST', `run/cancel/${id}`]] as const) {
        const response = await fetch(`${env.server.url}/api/playbook/${path}`, {
          method,
          headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(((await response.json()) as { message: string }).message).toBe(`No playbook run ${id}`);
      }
    }
  });
});
