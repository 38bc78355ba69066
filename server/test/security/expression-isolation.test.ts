import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { manifest } from '../support/manifest.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';
import { until } from '../support/until.js';

/**
 * The worst expressions a signed-in person can write — a string that doubles seven times over, a
 * template range of a hundred million — run out of memory in a child process, never in `pharos
 * serve`: a viewer's preview answers 400 with the reason, and the same expressions saved as a
 * definition-of-done script or an incident rule's title become a failure on their row and in the job
 * history, evaluation after evaluation, while the server keeps its process and answers.
 */

/** Ten to the eighth strings from a short expression: past any heap an evaluation may have (string functions are capped, lists are not). */
const MEMORY_BOMB = `size(${['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].reduce((inner, name) => `[0,1,2,3,4,5,6,7,8,9].map(${name}, ${inner})`, "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'")}) > 0`;
const RANGE_BOMB = '{{ range $i := until 100000000 }}{{ end }}';
const STOPPED = /the expression (stopped|took longer than)/;

let server: ServeProcess;
let pid: number | undefined;
let admin: string;
let responder: string;
let viewer: string;

async function post(path: string, token: string, body: unknown, contentType = 'application/json'): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The server started by this file still runs, as the same process, and answers. */
async function expectServing(): Promise<void> {
  expect(server.alive(), server.output()).toBe(true);
  expect(server.cli.child.pid).toBe(pid);
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
}


interface JobRun {
  status: string;
  errors: string[];
}

async function jobRuns(name: string, resourceName?: string): Promise<JobRun[]> {
  const { rows } = await server.pool.query<{ status: string; details: { errors?: string[] } | null }>(
    `select status, details from job_histories where name = $1 and ($2::text is null or resource_name = $2) order by time_start`,
    [name, resourceName ?? null],
  );
  return rows.map((row) => ({ status: row.status, errors: row.details?.errors ?? [] }));
}

beforeAll(async () => {
  server = await startServeProcess();
  pid = server.cli.child.pid;
  // Operators can tune a job's schedule at runtime; every 5 s keeps this file short.
  await server.pool.query(`insert into properties (name, value) values ('jobs.IncidentRules.schedule', '@every 5s'), ('jobs.IncidentEvidenceDone.schedule', '@every 5s')`);
  [admin, responder, viewer] = await Promise.all([server.tokenFor(['admin']), server.tokenFor(['responder']), server.tokenFor(['viewer'])]);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('an expression that exhausts memory', () => {
  it("answers a viewer's silence preview with 400 and the reason, and the server lives on", async () => {
    const { rows: configs } = await server.pool.query<{ id: string }>(`insert into configs (name, type, health) values ('orders-db', 'Postgres::Database', 'unhealthy') returning id`);
    const { rows: rules } = await server.pool.query<{ id: string }>(`insert into notifications (name, title, events) values ('db down', 'db down', '{config.unhealthy}') returning id`);
    await server.pool.query(
      `insert into notification_send_history (notification_id, status, source_event, resource_id, resource_type, resource_name, recipient)
       values ($1, 'sent', 'config.unhealthy', $2, 'config', 'orders-db', 'ops@example.com')`,
      [rules[0]!.id, configs[0]!.id],
    );

    const bomb = await post('/api/notifications/silences/preview', viewer, { filter: MEMORY_BOMB });
    expect(bomb.status, JSON.stringify(bomb.body)).toBe(400);
    expect(bomb.body['message']).toMatch(/^filter: /);
    expect(bomb.body['message']).toMatch(STOPPED);

    const fine = await post('/api/notifications/silences/preview', viewer, { filter: "config.name == 'orders-db'" });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect(fine.body['matches']).toBe(1);
    await expectServing();
  });

  it('stops `pharos eval` of a huge template range with the reason', async () => {
    const result = await runCli(['eval', '--template', RANGE_BOMB], {}, 120_000);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(STOPPED);
  }, 150_000);

  it("records a definition-of-done script's failure on its row and in the job history, run after run", async () => {
    const db = new PostgrestClient(`${server.url}/api/db`, { headers: { Authorization: `Bearer ${responder}` } });
    const incident = await db.from('incidents').insert({ title: 'Orders fail' }).select('id').single();
    expect(incident.error).toBeNull();
    const root = await db.from('hypotheses').insert({ incident_id: (incident.data as { id: string }).id, title: 'Root', type: 'root' }).select('id').single();
    const item = await db
      .from('evidences')
      .insert({ hypothesis_id: (root.data as { id: string }).id, type: 'config', definition_of_done: true, description: 'orders', script: MEMORY_BOMB })
      .select('id')
      .single();
    expect(item.error).toBeNull();
    const id = (item.data as { id: string }).id;

    const recorded = await until(
      async () => (await server.pool.query<{ done: boolean; script_result: string | null }>('select done, script_result from evidences where id = $1', [id])).rows[0]!,
      (row) => row.script_result !== null || !server.alive(),
      { timeoutMs: 90_000, intervalMs: 250 },
    );
    expect(server.alive(), server.output()).toBe(true);
    expect(recorded.done).toBe(false);
    expect(recorded.script_result).toMatch(STOPPED);
    const first = await until(() => jobRuns('IncidentEvidenceDone'), (runs) => runs.some((run) => run.errors.length > 0), { timeoutMs: 30_000 });
    expect(first.find((run) => run.errors.length > 0)!.errors.join('\n')).toContain(`evidence ${id}: `);

    // Evaluated again on the next run: again a failure, not a crash.
    await until(() => jobRuns('IncidentEvidenceDone'), (runs) => runs.filter((run) => run.errors.length > 0).length >= 2 || !server.alive(), { timeoutMs: 90_000 });
    await expectServing();
  }, 240_000);

  it("fails an incident rule's run when its title template runs out of memory, and says so in its history", async () => {
    const applied = await post(
      '/api/apply',
      admin,
      manifest('IncidentRule', { name: 'bomb-title' }, `components:\n  - labelSelector: app=bomb\ntemplate:\n  title: '${RANGE_BOMB}'\n  severity: high`),
      'application/yaml',
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    await server.pool.query(`insert into components (name, type, status, health, labels) values ('bomb-web', 'WebApp', 'unhealthy', 'unhealthy', '{"app": "bomb"}')`);

    const runs = await until(() => jobRuns('IncidentRules', 'bomb-title'), (found) => found.some((run) => run.status === 'FAILED') || !server.alive(), { timeoutMs: 90_000 });
    expect(server.alive(), server.output()).toBe(true);
    const failed = runs.find((run) => run.status === 'FAILED')!;
    expect(failed.errors.join('\n')).toMatch(/^rule bomb-title: /);
    expect(failed.errors.join('\n')).toMatch(STOPPED);
    const { rows: incidents } = await server.pool.query('select i.id from incidents i join incident_rules r on r.id = i.incident_rule_id where r.name = $1', ['bomb-title']);
    expect(incidents).toEqual([]);

    await until(() => jobRuns('IncidentRules', 'bomb-title'), (found) => found.filter((run) => run.status === 'FAILED').length >= 2 || !server.alive(), { timeoutMs: 90_000 });
    await expectServing();
  }, 240_000);
});
