import type { PostgrestClient } from '@supabase/postgrest-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { restClient } from '../rest/helpers.js';
import { incidentTest } from './helpers.js';

/**
 * Definition of done on the real engine: each item's script (or its type's default) is evaluated
 * over the current state of what it points at, every second here, as checks recover and fail, a
 * component heals and an insight is resolved. A comment's done is set by hand only.
 */

const env = incidentTest();
let db: PostgrestClient;
let hypothesis: string;

beforeAll(async () => {
  db = restClient(env.server, env.token);
  const incident = await db.from('incidents').insert({ title: 'Orders fail' }).select('id').single();
  const root = await db.from('hypotheses').insert({ incident_id: (incident.data as { id: string }).id, title: 'Root', type: 'root' }).select('id').single();
  hypothesis = (root.data as { id: string }).id;
});

async function evidence(fields: Record<string, unknown>): Promise<string> {
  const { data, error } = await db.from('evidences').insert({ hypothesis_id: hypothesis, definition_of_done: true, ...fields }).select('id').single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

interface DoneState {
  done: boolean;
  script_result: string | null;
}

const state = async (id: string): Promise<DoneState> => (await env.pool.query<DoneState>('select done, script_result from evidences where id = $1', [id])).rows[0]!;
const becomes = (id: string, done: boolean) => env.until(() => state(id), (value) => value.done === done);

describe('definition of done', () => {
  it('marks a check done once it has been healthy for over 5 minutes, and not done when it fails again', async () => {
    const { api, recent } = await env.checks('shop', ['api', 'recent']);
    await env.result(api!, false, 900);
    await env.result(recent!, false, 900);
    const item = await evidence({ type: 'check', check_id: api, description: 'api is failing' });
    const recentItem = await evidence({ type: 'check', check_id: recent, description: 'recent is failing' });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await state(item)).toEqual({ done: false, script_result: null });

    // Healthy since 6 minutes ago, and since 2 minutes ago only.
    await env.result(api!, true, 360);
    await env.result(recent!, true, 120);
    await becomes(item, true);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await state(recentItem)).toEqual({ done: false, script_result: null });
    await env.result(api!, false);
    await becomes(item, false);
  });

  it("follows the item's own script at once", async () => {
    const { web } = await env.checks('web', ['web']);
    await env.result(web!, false);
    const item = await evidence({ type: 'check', check_id: web, script: "check.status == 'healthy'" });
    await env.result(web!, true);
    await becomes(item, true);
  });

  it("evaluates the screen's shortcut 'status == healthy' over a component", async () => {
    const { rows } = await env.pool.query<{ id: string }>(`insert into components (name, type, status, health) values ('orders-db', 'database', 'unhealthy', 'unhealthy') returning id`);
    const component = rows[0]!.id;
    const item = await evidence({ type: 'topology', component_id: component, script: 'status == healthy' });
    const untouched = await evidence({ type: 'topology', component_id: component });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await state(item)).toEqual({ done: false, script_result: null });
    await env.pool.query(`update components set status = 'healthy', health = 'healthy' where id = $1`, [component]);
    await becomes(item, true);
    // the topology default is the same check
    await becomes(untouched, true);
  });

  it('marks an insight done once it is resolved', async () => {
    const { rows } = await env.pool.query<{ id: string }>(
      `with config as (insert into configs (name, type) values ('orders', 'Kubernetes::Deployment') returning id)
       insert into config_analysis (config_id, analyzer, message) select id, 'replicas', 'one replica' from config returning id`,
    );
    const item = await evidence({ type: 'config_analysis', config_analysis_id: rows[0]!.id });
    await env.pool.query(`update config_analysis set status = 'resolved' where id = $1`, [rows[0]!.id]);
    await becomes(item, true);
  });

  it('says why a script gave no answer', async () => {
    const { broken } = await env.checks('broken', ['broken']);
    await env.result(broken!, true);
    const item = await evidence({ type: 'check', check_id: broken, script: 'check.name' });
    const failed = await env.until(() => state(item), (value) => value.script_result !== null);
    expect(failed).toEqual({ done: false, script_result: 'the script must give true or false, it gave "broken"' });
    await db.from('evidences').update({ script: 'check.status ==' }).eq('id', item);
    const unparsable = await env.until(() => state(item), (value) => value.script_result?.startsWith('check.status ==') === true);
    expect(unparsable.done).toBe(false);
  });

  it("leaves a comment's done and items outside the definition of done to people", async () => {
    const { ok } = await env.checks('ok', ['ok']);
    await env.result(ok!, true, 900);
    const comment = await evidence({ type: 'comment', evidence: { comment: 'Rolled back' }, script: 'false' });
    const outside = await db.from('evidences').insert({ hypothesis_id: hypothesis, type: 'check', check_id: ok, script: 'true' }).select('id').single();
    const marked = await db.from('evidences').update({ done: true }).eq('id', comment).select('done').single();
    expect(marked.data).toEqual({ done: true });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await state(comment)).done).toBe(true);
    expect((await state((outside.data as { id: string }).id)).done).toBe(false);
    await db.from('evidences').update({ done: false }).eq('id', comment);
    expect((await state(comment)).done).toBe(false);
  });
});
