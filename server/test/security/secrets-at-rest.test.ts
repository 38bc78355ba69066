import type { UiContainer, UiNodeTextAttributes, UiText } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, csrfOf, nodeNamed, register, totpCode, uniqueEmail } from '../support/identity.js';
import { type TestServer } from '../support/server.js';
import { startMailingServer, type MailingServer } from '../support/mailing-server.js';
import { codeOf, type TestSmtpServer } from '../support/smtp.js';

/**
 * After each identity flow, no secret a person was shown or mailed is in any table in clear: the
 * authenticator secret, backup codes, one-time codes (verification, recovery, invitation). Checked
 * with SQL over every table of the database, as a dump would show them.
 */

let mailing: MailingServer;
let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  mailing = await startMailingServer();
  ({ server, smtp } = mailing);
});

afterAll(async () => {
  await mailing?.close();
});

/**
 * The tables (in the public schema) whose rows, as text, contain `secret` as a word of its own (not
 * inside a longer run of letters and digits, nor the microseconds of a timestamp, where a six-digit
 * code would turn up by chance).
 */
async function tablesHolding(secret: string): Promise<string[]> {
  const { rows: tables } = await server.pool.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const { rows } = await server.pool.query<{ found: boolean }>(`select exists (select 1 from "${name}" t where t::text ~ $1) as found`, [
      `(^|[^0-9A-Za-z.])${secret}([^0-9A-Za-z]|$)`,
    ]);
    if (rows[0]?.found) holding.push(name);
  }
  return holding;
}

function textOf(ui: UiContainer, id: string): UiText {
  const node = nodeNamed(ui, id);
  if (!node || node.attributes.node_type !== 'text') throw new Error(`no text node ${id}`);
  return (node.attributes as UiNodeTextAttributes).text;
}

describe('secrets at rest', () => {
  it('the verification code of a registration is in no table', async () => {
    const email = uniqueEmail('at-rest');
    await register(browser(server), email);
    const code = codeOf(await smtp.waitFor(email));
    expect(await tablesHolding(code)).toEqual([]);
  });

  it('the authenticator secret, shown while linking and once linked, is in no table', async () => {
    const email = uniqueEmail('totp-at-rest');
    const owner = browser(server);
    await register(owner, email);
    const settings = await owner.api.createBrowserSettingsFlow();
    const secret = (textOf(settings.ui, 'totp_secret_key').context as { secret: string }).secret;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await tablesHolding(secret)).toEqual([]);
    await owner.api.updateSettingsFlow({ flow: settings.id, updateSettingsFlowBody: { method: 'totp', totp_code: totpCode(secret), csrf_token: csrfOf(settings) } });
    expect(await tablesHolding(secret)).toEqual([]);
  });

  it('backup codes, shown before and after confirming, are in no table', async () => {
    const email = uniqueEmail('lookup-at-rest');
    const owner = browser(server);
    await register(owner, email);
    const settings = await owner.api.createBrowserSettingsFlow();
    const generated = await owner.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_regenerate: true, csrf_token: csrfOf(settings) },
    });
    const codes = (textOf(generated.ui, 'lookup_secret_codes').context as { secrets: UiText[] }).secrets.map((secret) => secret.text);
    expect(codes).toHaveLength(12);
    for (const code of codes.slice(0, 3)) expect(await tablesHolding(code)).toEqual([]);
    await owner.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_confirm: true, csrf_token: csrfOf(settings) },
    });
    for (const code of codes) expect(await tablesHolding(code)).toEqual([]);
  });

  it('recovery and invitation codes are in no table once sent', async () => {
    const email = uniqueEmail('recover-at-rest');
    await register(browser(server), email);
    const b = browser(server);
    const flow = await b.api.createBrowserRecoveryFlow();
    await b.api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) } });
    await expect.poll(() => smtp.to(email).length).toBe(2);
    expect(await tablesHolding(codeOf(smtp.to(email)[1]!))).toEqual([]);

    const invited = uniqueEmail('invite-at-rest');
    const admin = await server.tokenFor(['admin']);
    const response = await fetch(`${server.url}/api/auth/invite_user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'In', lastName: 'Vited', email: invited, role: 'viewer' }),
    });
    expect(response.status).toBe(200);
    expect(await tablesHolding(codeOf(await smtp.waitFor(invited)))).toEqual([]);
  });
});
