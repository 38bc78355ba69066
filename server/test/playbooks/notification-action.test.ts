import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSmtpServer } from '../support/smtp.js';
import { playbookTest } from './helpers.js';

/**
 * The notification action sends through a saved channel connection (email to an SMTP server on
 * loopback) or a service URL (a generic webhook on loopback), templated over the run.
 */

const env = playbookTest();
const smtp = new TestSmtpServer({ users: { mailer: 'mail-pass' } });
let hook: Server;
let hookUrl: string;
const posted: string[] = [];

beforeAll(async () => {
  await smtp.start();
  hook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      posted.push(body);
      response.writeHead(request.url === '/refuse' ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  const saved = await fetch(`${env.server.url}/api/connections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'mailer',
      namespace: 'default',
      type: 'email',
      username: 'mailer',
      password: 'mail-pass',
      properties: { host: '127.0.0.1', port: String(smtp.port), from: 'pharos@example.com', to: 'oncall@example.com', encryptionMethod: 'None', authMethod: 'Plain' },
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(201);
});

afterAll(async () => {
  await smtp.close();
  await new Promise((resolve) => hook?.close(resolve));
});

describe('the notification action', () => {
  it('mails through a saved email connection and posts to a generic webhook URL, templated over the run', async () => {
    const id = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: tell-oncall
spec:
  parameters:
    - name: what
      default: disk full
  actions:
    - name: mail
      notification:
        connection: connection://default/mailer
        title: "Pharos: {{.params.what}}"
        message: "Someone ran **{{.playbook.name}}** because of {{.params.what}}."
    - name: hook
      notification:
        url: generic+${hookUrl}/notify
        title: hello
        message: "{{.params.what}} reported"
    - name: refused
      if: always()
      notification:
        url: generic+${hookUrl}/refuse
        message: will fail`);
    const run = await env.until((await env.start({ id })).body.run_id!);
    expect(run.actions.map((action) => [action.name, action.status])).toEqual([
      ['mail', 'completed'],
      ['hook', 'completed'],
      ['refused', 'failed'],
    ]);
    const mail = smtp.mails.find((entry) => entry.subject === 'Pharos: disk full')!;
    expect(mail.to).toEqual(['oncall@example.com']);
    expect(mail.text).toContain('because of disk full');
    expect(posted.some((body) => body.includes('disk full reported'))).toBe(true);
    expect(run.actions[2]!.error).toMatch(/500/);
  });
});
