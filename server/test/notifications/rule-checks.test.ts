import { describe, expect, it } from 'vitest';
import { NOTIFIED_EVENTS } from '../../src/notifications/events.js';
import { runCli } from '../support/cli.js';
import { manifest } from '../support/manifest.js';
import { notificationTest } from './helpers.js';

/**
 * A notification delivery could not read is refused where it is saved: `pharos apply` (POST
 * /api/apply) names the document's line, the field and the reason for an unknown event, a CEL
 * filter that does not compile, a repeat interval delivery does not read and an unknown script
 * type; the data service (the settings screen's inserts and updates) answers 400 with the reason
 * for the same, and for a filter of a rule or a silence that does not compile.
 */

const env = notificationTest();

interface Problem {
  index: number;
  line: number;
  path: string;
  reason: string;
}

async function applyRaw(yaml: string): Promise<{ status: number; body: { message: string; problems?: Problem[] } }> {
  const response = await fetch(`${env.server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/yaml' }, body: yaml });
  return { status: response.status, body: (await response.json()) as { message: string; problems?: Problem[] } };
}

const notification = (name: string, spec: string) => manifest('Notification', { name, namespace: 'default' }, spec);

async function count(): Promise<number> {
  const { rows } = await env.pool.query<{ count: number }>('select count(*)::int as count from notifications');
  return rows[0]!.count;
}

describe('pharos apply of a Notification', () => {
  it('refuses an unknown event, a filter that does not compile, an unknown repeat interval and script type, each with its line', async () => {
    const before = await count();
    const { status, body } = await applyRaw(
      notification(
        'broken',
        `events:
  - check.failed
  - check.exploded
filter: check.name == 'api' &&
title: "{{.check.name}}"
template: check.name +
repeatInterval: 5 minutes
properties:
  template_type: lua
to:
  url: ${env.channels.url}/hooks/broken`,
      ) +
        '---\n' +
        notification(
          'snake-case',
          `events: [config.updated]
repeat_interval: fortnightly
properties:
  template_type: expr
template: config.name +
to:
  url: ${env.channels.url}/hooks/broken`,
        ),
    );
    expect(status).toBe(400);
    expect(body.problems).toEqual([
      { index: 0, line: 9, path: '/spec/events/1', reason: expect.stringMatching(/^unknown event check\.exploded: one of check\.failed, check\.passed, .*playbook\.run\.waiting$/) },
      { index: 0, line: 10, path: '/spec/filter', reason: expect.stringMatching(/^filter is not valid CEL: 1:\d+: /) },
      { index: 0, line: 13, path: '/spec/repeatInterval', reason: "repeat interval '5 minutes' is not one of 1h, 2h, 3h, 6h, 1d, 1w, 1m" },
      { index: 0, line: 15, path: '/spec/properties/template_type', reason: 'template_type "lua" is not one of javascript, expr, jsonpath' },
      { index: 1, line: 26, path: '/spec/repeat_interval', reason: "repeat interval 'fortnightly' is not one of 1h, 2h, 3h, 6h, 1d, 1w, 1m" },
      { index: 1, line: 29, path: '/spec/template', reason: expect.stringMatching(/^template is not valid CEL: 1:\d+: /) },
    ]);
    expect(body.message).toMatch(/^Nothing was applied: document 0, line 9/);
    expect(await count()).toBe(before);
  });

  it('is refused the same by the command line, with the line of each problem', async () => {
    const before = await count();
    const cliEnv = { DATABASE_URL: String(env.pool.options.connectionString), PHAROS_SECRET_KEY: 'rule-checks-test-key-of-at-least-32-characters' };
    const yaml = notification('cli', `events: [check.failed, incident.created]\nfilter: "check.name ==="\nrepeatInterval: 2 weeks\nto:\n  url: ${env.channels.url}/hooks/cli`);
    const result = await runCli(['apply', '-f', '-'], cliEnv, 60_000, yaml);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines.find((line) => line.includes('/spec/events/1'))).toMatch(/:7: document 0, \/spec\/events\/1: unknown event incident\.created: one of /);
    expect(lines.find((line) => line.includes('/spec/filter'))).toMatch(/:8: document 0, \/spec\/filter: filter is not valid CEL: 1:\d+: /);
    expect(lines.find((line) => line.includes('/spec/repeatInterval'))).toMatch(/:9: document 0, \/spec\/repeatInterval: repeat interval '2 weeks' is not one of 1h, 2h, 3h, 6h, 1d, 1w, 1m$/);
    expect(lines.at(-1)).toBe('pharos: nothing was applied: 3 problems');
    expect(await count()).toBe(before);
  });

  it('takes every event delivery knows, the repeat intervals of the screen and one delivery reads, and each script type', async () => {
    const intervals = ['1h', '2h', '3h', '6h', '1d', '1w', '1m', '12h'];
    const scripts = { javascript: 'check.name + " failed"', expr: 'check.name + " failed"', jsonpath: '$.check.name' };
    const yaml = [
      ...intervals.map((interval) => notification(`every-${interval}`, `events: [${NOTIFIED_EVENTS.join(', ')}]\nfilter: "has(check.name) && check.name.startsWith('api')"\nrepeatInterval: ${interval}\nto:\n  url: ${env.channels.url}/hooks/ok`)),
      ...Object.entries(scripts).map(([type, script]) => notification(`script-${type}`, `events: [check.failed]\ntemplate: '${script}'\nproperties:\n  template_type: ${type}\nto:\n  url: ${env.channels.url}/hooks/ok`)),
    ].join('---\n');
    const ids = await env.apply(yaml);
    expect(ids).toHaveLength(intervals.length + 3);
    const { rows } = await env.pool.query<{ repeat_interval: string | null; events: string[] }>("select repeat_interval, events from notifications where name like 'every-%' order by created_at");
    expect(rows.map((row) => row.repeat_interval)).toEqual(intervals);
    expect(rows[0]!.events).toEqual([...NOTIFIED_EVENTS]);
  });
});

describe('the data service', () => {
  const insert = (row: Record<string, unknown>) => env.call('POST', '/api/db/notifications', { title: 'from the screen', source: 'UI', custom_services: [{ name: 'hook', url: `${env.channels.url}/hooks/ui` }], ...row });

  it('refuses an unknown event, repeat interval or script type on insert with the reason', async () => {
    const before = await count();
    const event = await insert({ events: ['check.failed', 'incident.created'] });
    expect(event.status).toBe(400);
    expect(event.body).toMatchObject({ code: '23514', message: expect.stringMatching(/^unknown event incident\.created: one of check\.failed, check\.passed, /) });
    const interval = await insert({ events: ['check.failed'], repeat_interval: '90 minutes' });
    expect(interval.status).toBe(400);
    expect(interval.body).toMatchObject({ code: '23514', message: "repeat interval '90 minutes' is not one of 1h, 2h, 3h, 6h, 1d, 1w, 1m" });
    const script = await insert({ events: ['check.failed'], template: 'x', properties: { template_type: 'python' } });
    expect(script.status).toBe(400);
    expect(script.body).toMatchObject({ code: '23514', message: 'template_type "python" is not one of javascript, expr, jsonpath' });
    expect(await count()).toBe(before);
  });

  it('takes what delivery reads, and refuses a patch that breaks it, leaving the row as it was', async () => {
    const created = await insert({ title: 'patched later', events: [...NOTIFIED_EVENTS], repeat_interval: '1w', template: '$.check.name', properties: { template_type: 'jsonpath', channel: '#ops' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { rows } = await env.pool.query<{ id: string }>("select id from notifications where title = 'patched later'");
    const id = rows[0]!.id;
    for (const repeat_interval of ['1h', '2h', '3h', '6h', '1d', '1m', '', null]) {
      const patched = await env.call('PATCH', `/api/db/notifications?id=eq.${id}`, { repeat_interval });
      expect(patched.status, `${repeat_interval}: ${JSON.stringify(patched.body)}`).toBe(204);
    }
    const refused = await env.call('PATCH', `/api/db/notifications?id=eq.${id}`, { repeat_interval: 'weekly', events: ['check.failed'] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: "repeat interval 'weekly' is not one of 1h, 2h, 3h, 6h, 1d, 1w, 1m" });
    const events = await env.call('PATCH', `/api/db/notifications?id=eq.${id}`, { events: ['check.failed', 'check.exploded'] });
    expect(events.status).toBe(400);
    expect(events.body).toMatchObject({ message: expect.stringMatching(/^unknown event check\.exploded: /) });
    const script = await env.call('PATCH', `/api/db/notifications?id=eq.${id}`, { properties: { template_type: 'Javascript' } });
    expect(script.status).toBe(400);
    const { rows: after } = await env.pool.query('select events, repeat_interval, properties from notifications where id = $1', [id]);
    expect(after[0]).toEqual({ events: [...NOTIFIED_EVENTS], repeat_interval: null, properties: { template_type: 'jsonpath', channel: '#ops' } });
    // a soft delete touches none of the checked columns
    expect((await env.call('PATCH', `/api/db/notifications?id=eq.${id}`, { deleted_at: new Date().toISOString() })).status).toBe(204);
  });

  it('refuses a rule or a silence whose CEL filter does not compile, on insert and on patch, writing nothing', async () => {
    const before = await count();
    const bad = await insert({ events: ['check.failed'], filter: 'check.status ==' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: '23514', message: expect.stringMatching(/^filter is not valid CEL: /) });
    expect(await count()).toBe(before);
    const good = await insert({ title: 'filtered later', events: ['check.failed'], filter: "check.status == 'unhealthy'" });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    const { rows } = await env.pool.query<{ id: string }>("select id from notifications where title = 'filtered later'");
    const patched = await env.call('PATCH', `/api/db/notifications?id=eq.${rows[0]!.id}`, { filter: 'check.(' });
    expect(patched.status).toBe(400);
    const { rows: after } = await env.pool.query('select filter from notifications where id = $1', [rows[0]!.id]);
    expect(after[0]).toEqual({ filter: "check.status == 'unhealthy'" });
    const silence = await env.call('POST', '/api/db/notification_silences', { name: 'bad filter', until: new Date(Date.now() + 3_600_000).toISOString(), filter: 'name ==' });
    expect(silence.status).toBe(400);
    expect(silence.body).toMatchObject({ message: expect.stringMatching(/^filter is not valid CEL: /) });
  });
});
