import { describe, expect, it } from 'vitest';
import { manifest } from '../support/manifest.js';
import { mailText, notificationTest, PUBLIC_URL } from './helpers.js';

/**
 * Config changes (written as a scrape writes them: a config item inserted, then its health and
 * fields updated) reach a team's channels (teams.spec.notifications, a shoutrrr-style generic
 * webhook URL on loopback), and playbook runs and approvals reach a person over SMTP, each through a
 * Notification with a filter and a template.
 */

const env = notificationTest();

const notification = (name: string, spec: string) => manifest('Notification', { name, namespace: 'default' }, spec);

describe('config changes', () => {
  it('reach the channels of a team through a filter and a template, once per event', async () => {
    await env.pool.query(`insert into teams (name, spec) values ('platform', $1)`, [
      { notifications: [{ url: `generic+${env.channels.url}/hooks/platform`, properties: { titleKey: 'summary' } }] },
    ]);
    const [id] = await env.apply(
      notification(
        'deployments',
        `events: [config.unhealthy, config.updated]
filter: config.type == 'Kubernetes::Deployment' && labels.env == 'prod'
title: "{{.config.name}} {{.new_state}}"
template: "{{.config.type}} {{.config.name}} in {{.tags.namespace}}: {{.new_state}} ({{.permalink}})"
to:
  team: platform`,
      ),
    );
    const { rows } = await env.pool.query<{ id: string; name: string }>(
      `insert into configs (name, type, labels, tags, health) values
         ('checkout', 'Kubernetes::Deployment', '{"env": "prod"}', '{"namespace": "shop"}', 'healthy'),
         ('checkout-staging', 'Kubernetes::Deployment', '{"env": "staging"}', '{"namespace": "shop"}', 'healthy'),
         ('checkout-7d9f', 'Kubernetes::Pod', '{"env": "prod"}', '{"namespace": "shop"}', 'healthy')
       returning id, name`,
    );
    // created events are not named by the rule; the next scrape finds the deployments unhealthy
    await env.pool.query(`update configs set health = 'unhealthy', status = 'Progressing' where id = any($1)`, [rows.map((row) => row.id)]);
    const checkout = rows.find((row) => row.name === 'checkout')!.id;

    const hooks = await env.until(async () => env.channels.on('/hooks/platform'), (requests) => requests.length === 2);
    expect(hooks.map((hook) => hook.body['summary']).sort()).toEqual(['checkout unhealthy', 'checkout updated']);
    expect(hooks.map((hook) => hook.body['message'])).toContain(`Kubernetes::Deployment checkout in shop: unhealthy (${PUBLIC_URL}/catalog/${checkout})`);
    const sends = await env.until(() => env.sends(id!), (list) => list.length === 2 && list.every((send) => send.status === 'sent'));
    expect(sends.map((send) => send.source_event).sort()).toEqual(['config.unhealthy', 'config.updated']);
    expect(sends.every((send) => send.recipient === `team platform: ${env.channels.url.replace('http://', 'generic+http://')}/hooks/platform`)).toBe(true);
    expect(sends.every((send) => send.resource_type === 'config' && send.resource_id === checkout && send.resource_name === 'checkout')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(env.channels.on('/hooks/platform')).toHaveLength(2);
  });
});

describe('component health', () => {
  it('without a title or template, sends the default one for the event with the link to the component', async () => {
    const [id] = await env.apply(
      notification(
        'components',
        `events: [component.unhealthy, component.warning]
to:
  url: ${env.channels.url}/hooks/components`,
      ),
    );
    const { rows } = await env.pool.query<{ id: string }>(`insert into components (name, type, health) values ('orders-db', 'database', 'healthy') returning id`);
    await env.pool.query(`update components set health = 'unhealthy', status_reason = 'replica lag 40 s' where id = $1`, [rows[0]!.id]);
    const [hook] = await env.until(async () => env.channels.on('/hooks/components'), (requests) => requests.length === 1);
    expect(hook!.body).toEqual({ title: 'Component orders-db is unhealthy', message: `Type: database\nReason: replica lag 40 s\n\n[Open in Pharos](${PUBLIC_URL}/topology/${rows[0]!.id})` });
    await env.until(() => env.sends(id!), (list) => list.length === 1 && list[0]!.status === 'sent');
  });
});

describe('playbook runs', () => {
  it('reach a person by e-mail when a run ends and when one is approved', async () => {
    const requester = await env.server.tokenFor(['editor'], 'requester@example.com');
    const approver = await env.server.tokenFor(['editor'], 'approver@example.com');
    const [runs] = await env.apply(
      notification(
        'run-results',
        `events: [playbook.run.completed, playbook.run.failed, playbook.approval.inserted]
filter: playbook.name.startsWith('restart')
title: "{{.playbook.name}}: {{.new_state}}"
template: "Run {{.run.id}} is {{.run.status}}. {{.permalink}}"
to:
  person: approver@example.com`,
      ),
    );
    const [playbookId] = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: restart-shop
spec:
  approval:
    approvers:
      people: [approver@example.com]
  actions:
    - name: restart
      exec:
        script: echo restarted`);
    const started = await env.call('POST', '/api/playbook/run', { id: playbookId }, requester);
    expect(started.status).toBe(201);
    const runId = (started.body as { run_id: string }).run_id;
    expect((await env.call('POST', `/api/playbook/run/approve/${runId}`, undefined, approver)).status).toBe(200);

    const approved = await env.smtp.waitFor('approver@example.com', (mail) => mail.subject === 'restart-shop: inserted');
    expect(mailText(approved)).toContain(`${PUBLIC_URL}/playbooks/runs/${runId}`);
    const completed = await env.smtp.waitFor('approver@example.com', (mail) => mail.subject === 'restart-shop: completed');
    expect(mailText(completed)).toContain(`Run ${runId} is completed.`);
    const sends = await env.until(() => env.sends(runs!), (list) => list.length === 2 && list.every((send) => send.status === 'sent'));
    expect(sends.map((send) => send.source_event).sort()).toEqual(['playbook.approval.inserted', 'playbook.run.completed']);
    expect(sends.every((send) => send.resource_type === 'playbook_run' && send.resource_id === runId && send.recipient === 'approver@example.com')).toBe(true);
  });
});
