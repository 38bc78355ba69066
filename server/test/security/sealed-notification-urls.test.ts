import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { freePort } from '../support/http.js';
import { TEST_SECRETS } from '../support/server.js';
import { notificationTest } from '../notifications/helpers.js';
import { tablesHolding } from '../support/tables-holding.js';

/**
 * A notification's service URL and a team channel's URL that carry a token are sealed when saved and
 * answered as `<sealed>`, yet a failing check is still delivered to them with the token: delivery
 * opens them. The send history names the URL without its token.
 */

const env = notificationTest();

describe('service URLs with tokens', () => {
  it('are sealed and answered as <sealed>, and still receive the failures of a check', async () => {
    const ruleToken = `rule-token-${randomBytes(8).toString('hex')}`;
    const teamToken = `team-token-${randomBytes(8).toString('hex')}`;
    const port = await freePort();
    const [canaryId] = (await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: sealed-urls
spec:
  schedule: "@every 1h"
  http:
    - name: nobody-listens
      url: http://127.0.0.1:${port}/health
---
apiVersion: pharos.io/v1
kind: Team
metadata:
  name: sealed-pager
spec:
  notifications:
    - url: generic+${env.channels.url}/team-hook?token=${teamToken}
`)) as [string, string];
    await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: sealed-rule
spec:
  events: [check.failed]
  title: "{{.check.name}} is down"
  to:
    url: generic+${env.channels.url}/hook?token=${ruleToken}
---
apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: sealed-team-rule
spec:
  events: [check.failed]
  title: "{{.check.name}} is down"
  to:
    team: sealed-pager
`);
    expect(await tablesHolding(env.pool, ruleToken)).toEqual([]);
    expect(await tablesHolding(env.pool, teamToken)).toEqual([]);

    const viewer = await env.server.tokenFor([]);
    const rules = await env.call('GET', '/api/db/notifications?name=eq.sealed-rule&select=custom_services', undefined, viewer);
    expect(rules.body).toEqual([{ custom_services: [{ name: 'sealed-rule', url: '<sealed>' }] }]);
    const teams = await env.call('GET', '/api/db/teams?name=eq.sealed-pager&select=spec', undefined, viewer);
    expect(teams.body).toEqual([{ spec: { notifications: [{ url: '<sealed>' }] } }]);

    await syncCanary(env.pool, canaryId);
    await runCanary({ pool: env.pool, sandbox: env.sandbox, secrets: TEST_SECRETS }, { canaryId }, AbortSignal.timeout(30_000));
    const sends = await env.until(
      async () =>
        (
          await env.pool.query<{ recipient: string; status: string }>(
            "select h.recipient, h.status from notification_send_history h join notifications n on n.id = h.notification_id where n.name in ('sealed-rule', 'sealed-team-rule') order by h.recipient",
          )
        ).rows,
      (rows) => rows.length === 2 && rows.every((row) => row.status !== 'pending'),
      30_000,
    );
    // The history names each URL without its token; the services got the token.
    expect(sends).toEqual([
      { recipient: `generic+${env.channels.url}/hook`, status: 'sent' },
      { recipient: `team sealed-pager: generic+${env.channels.url}/team-hook`, status: 'sent' },
    ]);
    expect(env.channels.on(`/hook?token=${ruleToken}`)).toHaveLength(1);
    expect(env.channels.on(`/team-hook?token=${teamToken}`)).toHaveLength(1);
  });
});
