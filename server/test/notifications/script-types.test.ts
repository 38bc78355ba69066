import { describe, expect, it } from 'vitest';
import { mailText, notificationTest, PUBLIC_URL } from './helpers.js';

/**
 * The body of a notification is written in the script type the settings screen stores in
 * `properties.template_type`: a Go template (none), Javascript, Expr (CEL) or JSONPath, over the
 * variables the template gets. A component turning unhealthy reaches a webhook on loopback through
 * one rule per type (JSONPath mails a person over SMTP), each rule saved as the screen saves it,
 * through the data service. A script or a filter that fails records a failed send with its reason.
 */

const env = notificationTest();
const BOB = 'bob@example.com';

interface Rule {
  title: string;
  template?: string;
  filter?: string;
  properties?: Record<string, string>;
  person_id?: string;
  hook?: string;
}

/** Saves a rule on component.unhealthy as the settings screen does; answers its id. */
async function saveRule(rule: Rule): Promise<string> {
  const { hook, ...columns } = rule;
  const created = await env.call('POST', '/api/db/notifications', {
    events: ['component.unhealthy'],
    source: 'UI',
    ...columns,
    ...(hook ? { custom_services: [{ name: hook, url: `${env.channels.url}/hooks/${hook}` }] } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { rows } = await env.pool.query<{ id: string }>('select id from notifications where title = $1', [rule.title]);
  return rows[0]!.id;
}

async function breakComponent(name: string, reason: string): Promise<string> {
  const { rows } = await env.pool.query<{ id: string }>(`insert into components (name, type, health, labels) values ($1, 'database', 'healthy', '{"tier": "db"}') returning id`, [name]);
  await env.pool.query(`update components set health = 'unhealthy', status_reason = $2 where id = $1`, [rows[0]!.id, reason]);
  return rows[0]!.id;
}

describe('script types', () => {
  it('render the body as a Go template, Javascript, Expr and JSONPath over the same variables', async () => {
    const { rows: people } = await env.pool.query<{ id: string }>("insert into people (name, email) values ('Bob', $1) returning id", [BOB]);
    const ids = {
      go: await saveRule({ title: 'go {{.component.name}}', template: '{{.component.name}} is {{.new_state}}: {{.component.status_reason}} ({{.permalink}})', hook: 'go' }),
      javascript: await saveRule({
        title: 'js {{.component.name}}',
        template: '`${component.name.toUpperCase()} is ${new_state} on tier ${labels.tier}: ${[1, 2, 3].map(function (n) { return n * 2; }).join("+")}`',
        properties: { template_type: 'javascript' },
        hook: 'javascript',
      }),
      expr: await saveRule({ title: 'expr {{.component.name}}', template: 'component.name + " is " + new_state + " (" + string(size(labels)) + " label)"', properties: { template_type: 'expr' }, hook: 'expr' }),
      jsonpath: await saveRule({ title: 'jsonpath {{.component.name}}', template: '$.component.status_reason', properties: { template_type: 'jsonpath' }, person_id: people[0]!.id }),
    };
    const id = await breakComponent('orders-db', 'replica lag 40 s');

    const hook = async (path: string) => (await env.until(async () => env.channels.on(`/hooks/${path}`), (requests) => requests.length === 1))[0]!.body;
    expect(await hook('go')).toEqual({ title: 'go orders-db', message: `orders-db is unhealthy: replica lag 40 s (${PUBLIC_URL}/topology/${id})` });
    expect(await hook('javascript')).toEqual({ title: 'js orders-db', message: 'ORDERS-DB is unhealthy on tier db: 2+4+6' });
    expect(await hook('expr')).toEqual({ title: 'expr orders-db', message: 'orders-db is unhealthy (1 label)' });
    const mail = await env.smtp.waitFor(BOB, (received) => received.subject === 'jsonpath orders-db');
    expect(mailText(mail)).toContain('replica lag 40 s');

    for (const [type, rule] of Object.entries(ids)) {
      const [send] = await env.until(() => env.sends(rule), (list) => list.length === 1 && list[0]!.status === 'sent');
      expect(send!.error, type).toBeNull();
    }
    expect((await env.sends(ids.jsonpath))[0]!.body).toBe('replica lag 40 s');
  });

  it('a script that fails records a failed send with its error, and is not sent', async () => {
    const ids = {
      javascript: await saveRule({ title: 'broken javascript', template: 'component.name + missing.value', properties: { template_type: 'javascript' }, hook: 'broken-javascript' }),
      expr: await saveRule({ title: 'broken expr', template: 'component.name + 1', properties: { template_type: 'expr' }, hook: 'broken-expr' }),
      jsonpath: await saveRule({ title: 'broken jsonpath', template: '$.check.endpoint', properties: { template_type: 'jsonpath' }, hook: 'broken-jsonpath' }),
      go: await saveRule({ title: 'broken go', template: '{{.component.name | nosuchfunction}}', hook: 'broken-go' }),
    };
    await breakComponent('cache', 'evictions');
    const failed = async (rule: string) => (await env.until(() => env.sends(rule), (list) => list.length === 1 && list[0]!.status === 'failed'))[0]!;
    expect((await failed(ids.javascript)).error).toMatch(/^the Javascript template failed: ReferenceError: .*missing/);
    expect((await failed(ids.expr)).error).toMatch(/^the Expr template failed: 1:1: no such overload/);
    expect((await failed(ids.jsonpath)).error).toBe('the JSONPath template failed: $.check.endpoint selected nothing');
    expect((await failed(ids.go)).error).toMatch(/^the title or template could not be rendered: .*nosuchfunction/);
    for (const rule of Object.values(ids)) expect((await env.sends(rule))[0]).toMatchObject({ attempts: 0, body: null });
    const { rows } = await env.pool.query<{ failed: number; most_common_error: string }>('select failed::int as failed, most_common_error from notifications_summary where id = $1', [ids.javascript]);
    expect(rows[0]).toMatchObject({ failed: 1, most_common_error: expect.stringMatching(/^the Javascript template failed/) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(env.channels.requests.filter((request) => request.path.startsWith('/hooks/broken-'))).toEqual([]);
  });
});

describe('filters', () => {
  it('a filter that cannot be evaluated records a failed send with the reason; one that is false records nothing', async () => {
    // Apply and the data service refuse this filter; a rule written straight into the table (an older
    // row, another writer) still reaches delivery, which finds it broken.
    const unparsable = await saveRule({ title: 'unparsable filter', filter: "component.name == 'x'", hook: 'unparsable' });
    await env.pool.query("update notifications set filter = $2 where id = $1", [unparsable, "component.name == 'x' &&"]);
    const missing = await saveRule({ title: 'missing field filter', filter: "component.nosuch.deeper == 'x'", hook: 'missing' });
    const passing = await saveRule({ title: 'passing filter', filter: "component.name == 'queue'", hook: 'passing' });
    const failing = await saveRule({ title: 'false filter', filter: "component.name == 'other'", hook: 'false' });
    await breakComponent('queue', 'backlog');
    await env.until(() => env.sends(passing), (list) => list.length === 1 && list[0]!.status === 'sent');
    const [broken] = await env.until(() => env.sends(unparsable), (list) => list.length === 1);
    expect(broken).toMatchObject({ status: 'failed', resource_name: 'queue', source_event: 'component.unhealthy', title: 'unparsable filter', body: null });
    expect(broken!.error).toMatch(/^the filter could not be evaluated: 1:\d+: /);
    const [absent] = await env.until(() => env.sends(missing), (list) => list.length === 1);
    expect(absent).toMatchObject({ status: 'failed' });
    expect(absent!.error).toMatch(/^the filter could not be evaluated: .*nosuch/);
    expect(await env.sends(failing)).toEqual([]);
    expect(env.channels.on('/hooks/unparsable')).toEqual([]);
    expect(env.channels.on('/hooks/missing')).toEqual([]);
  });
});
