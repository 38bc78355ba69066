import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The specs of the sealed-secrets tests, each credential written inline with a value of its own, and
 * what the tests look for them with.
 */

/** Unique secrets, so that a dump of the database can be searched for each. */
export const secret = (what: string) => `${what}-${randomBytes(9).toString('hex')}`;
export const SECRETS = {
  playbookToken: secret('playbook-token'),
  actionEnv: secret('action-env'),
  actionUrlToken: secret('action-url-token'),
  checkToken: secret('check-token'),
  httpPassword: secret('http-password'),
  headerKey: secret('header-key'),
  scraperPassword: secret('scraper-password'),
  lokiPassword: secret('loki-password'),
  notificationToken: secret('notification-token'),
  notificationPassword: secret('notification-password'),
  teamToken: secret('team-token'),
  topologyPassword: secret('topology-password'),
  connectionPassword: secret('connection-password'),
};
export const ALL_SECRETS = Object.values(SECRETS);

export interface Received {
  url: string;
  headers: IncomingHttpHeaders;
}

/** A peer on loopback that records each request and answers 200 with an empty Loki result. */
export async function recordingPeer(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    received.push({ url: request.url ?? '', headers: request.headers });
    request.resume();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ status: 'success', data: { resultType: 'streams', result: [] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A playbook started by a webhook with `token`, whose actions are given an env value and a notification URL token; `peerUrl` receives the notification. */
export function sealedPlaybookYaml(token: string, peerUrl: string): string {
  return `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: sealed-hook
spec:
  on:
    webhook:
      path: sealed-hook
      authentication:
        token: {value: ${token}}
  actions:
    - name: digest
      exec:
        script: printf %s "$API_TOKEN" | sha256sum
        env:
          - name: API_TOKEN
            value: ${SECRETS.actionEnv}
    - name: tell
      notification:
        url: generic+${peerUrl}/hook?token=${SECRETS.actionUrlToken}
        title: deployed
        message: deployed
`;
}

/** A canary, scraper, log backend, notification, team, topology and connection, each with inline credentials, reaching `peerUrl`. */
export function sealedSpecsYaml(peerUrl: string): string {
  return `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: sealed-canary
spec:
  schedule: '@every 1h'
  webhook:
    name: sealed-push
    token: {value: ${SECRETS.checkToken}}
  http:
    - name: sealed-http
      url: ${peerUrl}/probe
      username: {value: probe}
      password: {value: ${SECRETS.httpPassword}}
      headers:
        - name: X-Api-Key
          value: ${SECRETS.headerKey}
        - name: Accept
          value: application/json
---
apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: sealed-scraper
spec:
  http:
    - url: ${peerUrl}/items
      username: reader
      password: ${SECRETS.scraperPassword}
      type: Demo::Item
      id: $.id
---
apiVersion: pharos.io/v1
kind: LoggingBackend
metadata:
  name: sealed-loki
spec:
  loki:
    url: ${peerUrl}
    username: logs
    password: ${SECRETS.lokiPassword}
    selector: '{app="api"}'
---
apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: sealed-notification
spec:
  events: [check.failed]
  to:
    url: generic+https://ops:${SECRETS.notificationPassword}@hooks.example.com/alerts?token=${SECRETS.notificationToken}
---
apiVersion: pharos.io/v1
kind: Team
metadata:
  name: sealed-team
spec:
  notifications:
    - url: slack://${SECRETS.teamToken}@alerts
---
apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: sealed-topology
spec:
  components:
    - name: api
      type: Service
      checks:
        - inline:
            http:
              - name: api-up
                url: ${peerUrl}/api
                password: {value: ${SECRETS.topologyPassword}}
---
apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: sealed-connection
spec:
  type: http
  url: {value: ${peerUrl}}
  username: {value: svc}
  password: {value: ${SECRETS.connectionPassword}}
`;
}

/** The secrets among ALL_SECRETS that `text` holds. */
export const leaked = (text: string) => ALL_SECRETS.filter((value) => text.includes(value));
