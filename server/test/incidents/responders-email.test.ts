import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSmtpServer } from '../support/smtp.js';
import { respondersTest } from './responders-support.js';

/** Email responders: a real email through the team's email connection to an SMTP server on loopback. */

const env = respondersTest();
const smtp = new TestSmtpServer({ users: { mailer: 'mail-pass' } });
let teamId: string;
let incidentId: string;

beforeAll(async () => {
  await smtp.start();
  await env.connection({
    name: 'mailer',
    type: 'email',
    username: 'mailer',
    password: 'mail-pass',
    properties: { host: '127.0.0.1', port: String(smtp.port), from: 'pharos@example.com', fromName: 'Pharos', encryptionMethod: 'None', authMethod: 'Plain' },
  });
  await env.connection({ name: 'wrong-mailer', type: 'email', username: 'mailer', password: 'nope', properties: { host: '127.0.0.1', port: String(smtp.port), from: 'pharos@example.com', encryptionMethod: 'None', authMethod: 'Plain' } });
  teamId = await env.team('Database', { email: { connection: 'mailer', subject: 'Incident' } });
  incidentId = await env.incident('Disk full');
});

afterAll(() => smtp.close());

describe('an email responder', () => {
  it('sends the mail once and keeps its Message-ID; it stays at Created', async () => {
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: { responderType: 'email', to: 'dba@example.com', subject: 'Disk full on db-1', body: 'The **data** volume is full.' } });
    const mail = await smtp.waitFor('dba@example.com');
    expect(mail.subject).toBe('Disk full on db-1');
    expect(mail.text).toContain('The **data** volume is full.');
    expect(mail.raw).toContain('<strong>data</strong>');
    expect(mail.raw).toMatch(/^From: Pharos <pharos@example.com>/m);
    const row = await env.until(() => env.responder(id), (r) => r.external_id !== null);
    expect(mail.raw).toContain(`Message-ID: ${row.external_id}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.to('dba@example.com')).toHaveLength(1);
    const later = await env.responder(id);
    expect([later.acknowledge_time, later.signoff_time, later.close_time]).toEqual([null, null, null]);
  });

  it('keeps the SMTP refusal as the error and retries', async () => {
    const team = await env.team('Wrong password', { email: { connection: 'wrong-mailer' } });
    const id = await env.addResponder({ incident_id: incidentId, team_id: team, type: 'system', properties: { responderType: 'email', to: 'ops@example.com', subject: 's', body: 'b' } });
    const row = await env.until(() => env.responder(id), (r) => r.sync_attempts >= 2);
    expect(row.properties['error']).toMatch(/^email: .*Invalid username or password/);
    expect(smtp.to('ops@example.com')).toHaveLength(0);
  });
});
