import { Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { freePort } from '../support/http.js';
import { startAlertmanager } from '../support/peers/alertmanager.js';
import { startMongoWireStandIn, type MongoWireStandIn } from '../support/peers/mongodb-wire.js';
import type { PeerProcess } from '../support/peers/process.js';
import { startSearchStandIn, type SearchStandIn } from '../support/peers/search-http.js';
import { LDAP_ADMIN, LDAP_SUFFIX, startSlapd } from '../support/peers/slapd.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { runSpec as runCanarySpec, type CheckResult } from './canary-runs.js';

/**
 * icmp, ldap, alertmanager, elasticsearch/opensearch and mongodb checks. Real peers where Debian has
 * them: ping (iputils) to 127.0.0.1 and to a TEST-NET address nothing answers, OpenLDAP (slapd) and
 * Alertmanager on loopback. Elasticsearch, OpenSearch and MongoDB cannot be installed here, so those
 * checks meet stand-ins that speak their protocols: an HTTP server answering `_search` as both do
 * (support/peers/search-http.ts) and a MongoDB wire-protocol server with SCRAM-SHA-256
 * (support/peers/mongodb-wire.ts).
 */

const PASSWORD = 'Check-pass-5';
const PEOPLE = `ou=people,${LDAP_SUFFIX}`;
let server: TestServer;
let sandbox: ExpressionSandbox;
const peers: PeerProcess[] = [];
let ldap: string;
let alertmanager: string;
let search: SearchStandIn;
let mongo: MongoWireStandIn;


async function seedDirectory(url: string): Promise<void> {
  const client = new Client({ url });
  try {
    await client.bind(LDAP_ADMIN, PASSWORD);
    await client.add(LDAP_SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'pharos', o: 'Pharos' });
    await client.add(PEOPLE, { objectClass: 'organizationalUnit', ou: 'people' });
    await client.add(`cn=ada,${PEOPLE}`, { objectClass: 'person', cn: 'ada', sn: 'Lovelace' });
    await client.add(`cn=grace,${PEOPLE}`, { objectClass: 'person', cn: 'grace', sn: 'Hopper' });
  } finally {
    await client.unbind();
  }
}

/** Pushes alerts the way Prometheus does, and waits until Alertmanager lists them. */
async function pushAlerts(url: string, alerts: { labels: Record<string, string>; annotations?: Record<string, string> }[]): Promise<void> {
  const response = await fetch(`${url}/api/v2/alerts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(alerts) });
  expect(response.status).toBe(200);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const listed = (await fetch(`${url}/api/v2/alerts`).then((answer) => answer.json())) as unknown[];
    if (listed.length >= alerts.length) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('alertmanager did not list the pushed alerts');
}

beforeAll(async () => {
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox });
  const [slapd, am] = await Promise.all([startSlapd(PASSWORD), startAlertmanager()]);
  peers.push(slapd.process, am.process);
  ldap = slapd.url;
  alertmanager = am.url;
  await seedDirectory(ldap);
  await pushAlerts(alertmanager, [
    { labels: { alertname: 'DiskFull', namespace: 'prod', pod: 'db-0', severity: 'critical' }, annotations: { summary: 'disk is full' } },
    { labels: { alertname: 'KubeSchedulerDown', namespace: 'kube-system', severity: 'critical' } },
    { labels: { alertname: 'HighLatency', namespace: 'elastic-system', severity: 'warning' }, annotations: { description: 'slow searches' } },
  ]);
  search = await startSearchStandIn({
    username: 'elastic',
    password: PASSWORD,
    indices: {
      logs: [
        { system: { role: 'api' }, message: 'started' },
        { system: { role: 'worker' }, message: 'idle' },
        { system: { role: 'worker' }, message: 'busy' },
      ],
    },
  });
  mongo = await startMongoWireStandIn({ username: 'pharos', password: PASSWORD });
}, 180_000);

afterAll(async () => {
  await Promise.all(peers.map((peer) => peer.stop()));
  await search?.close();
  await mongo?.close();
  await server?.close();
  await sandbox?.close();
});

const runSpec = (name: string, spec: Record<string, unknown>): Promise<Record<string, CheckResult>> => runCanarySpec(server, sandbox, name, spec);

describe('network checks', () => {
  it('icmp: pings 127.0.0.1 with its variables; an address nothing answers and a name that does not resolve fail', async () => {
    const statuses = await runSpec(`icmp-${Date.now()}`, {
      icmp: [
        {
          name: 'loopback',
          endpoint: '127.0.0.1',
          packetCount: 2,
          packetLossThreshold: 10,
          thresholdMillis: 1000,
          test: { expr: 'packetLoss == 0 && packetsReceived == 2 && latency < 1000.0' },
          display: { template: '{{.packetsReceived}}/{{.packetsSent}} from {{.ip}}' },
        },
        { name: 'loopback-test-fails', endpoint: 'http://127.0.0.1/', packetCount: 2, test: { expr: 'packetsReceived > 2' } },
        { name: 'test-net', endpoint: '198.51.100.1', packetCount: 2, timeout: 4000 },
        { name: 'no-such-host', endpoint: 'no-such-host.invalid', packetCount: 1 },
      ],
    });
    expect(statuses['loopback']).toMatchObject({ status: true, message: '2/2 from 127.0.0.1', error: null });
    expect(statuses['loopback']!.detail).toMatchObject({ ip: '127.0.0.1', packetsSent: 2, packetsReceived: 2, packetLoss: 0 });
    expect(statuses['loopback-test-fails']).toMatchObject({ status: false, error: 'test packetsReceived > 2 is false' });
    expect(statuses['test-net']).toMatchObject({ status: false, error: 'no reply from 198.51.100.1: 100% packet loss' });
    expect(statuses['test-net']!.detail).toMatchObject({ packetsReceived: 0, packetLoss: 100 });
    expect(statuses['no-such-host']!.status).toBe(false);
    expect(statuses['no-such-host']!.error).toMatch(/^ping: no-such-host\.invalid: /);
  });

  it('ldap: binds and counts the entries userSearch finds under bindDN; a wrong password, no match and a refused port fail', async () => {
    const connection = await fetch(`${server.url}/api/connections`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await server.tokenFor(['admin'])}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `ldap-${Date.now()}`, type: 'ldap', url: ldap, username: LDAP_ADMIN, password: PASSWORD }),
    }).then((response) => response.json() as Promise<{ name: string }>);
    const statuses = await runSpec(`ldap-${Date.now()}`, {
      ldap: [
        {
          name: 'people',
          url: ldap,
          username: { value: LDAP_ADMIN },
          password: { value: PASSWORD },
          bindDN: PEOPLE,
          userSearch: '(&(objectClass=person))',
          test: { expr: 'count == 2' },
          display: { expr: "string(count) + ' people, ' + entries.filter(e, e.cn == 'ada')[0].sn" },
        },
        { name: 'through-connection', connection: `connection://default/${connection.name}`, bindDN: PEOPLE, userSearch: '(cn=grace)', test: { expr: "entries[0].sn == 'Hopper'" } },
        { name: 'wrong-password', url: ldap, username: { value: LDAP_ADMIN }, password: { value: 'wrong' }, bindDN: PEOPLE },
        { name: 'nobody', url: ldap, username: { value: LDAP_ADMIN }, password: { value: PASSWORD }, bindDN: PEOPLE, userSearch: '(cn=nobody)' },
        { name: 'refused', url: `ldap://127.0.0.1:${await freePort()}`, username: { value: LDAP_ADMIN }, password: { value: PASSWORD } },
      ],
    });
    expect(statuses['people']).toMatchObject({ status: true, message: '2 people, Lovelace' });
    expect(statuses['through-connection']).toMatchObject({ status: true, message: `1 entry under ${PEOPLE}` });
    expect(statuses['wrong-password']).toMatchObject({ status: false, error: `failed to bind as ${LDAP_ADMIN}: Invalid credentials (LDAP result 49)` });
    expect(statuses['nobody']).toMatchObject({ status: false, error: `no entries under ${PEOPLE} match (cn=nobody)` });
    expect(statuses['refused']!.error).toMatch(new RegExp(`^failed to bind as ${LDAP_ADMIN}: .*ECONNREFUSED`));
  });

  it('alertManager: alerts, filters, ignore and exclude_filters narrow the firing alerts the test reads; a bad filter and a refused port fail', async () => {
    const statuses = await runSpec(`alertmanager-${Date.now()}`, {
      alertManager: [
        {
          name: 'firing',
          url: alertmanager,
          alerts: ['.*'],
          ignore: ['KubeScheduler.*'],
          exclude_filters: { namespace: 'elastic-system' },
          test: { expr: "size(alerts) == 1 && alerts[0].name == 'DiskFull/prod/db-0' && results.alerts[0].labels.severity == 'critical'" },
          display: { expr: 'alerts[0].message' },
        },
        { name: 'warnings', url: alertmanager, filters: { severity: 'warn.*' }, display: { template: '{{ range .alerts }}{{ .name }}: {{ .message }}{{ end }}' } },
        { name: 'critical-none', url: alertmanager, filters: { severity: 'critical' }, test: { expr: 'count == 0' } },
        { name: 'bad-filter', url: alertmanager, filters: { severity: '(' } },
        { name: 'refused', url: `http://127.0.0.1:${await freePort()}` },
      ],
      // canary-checker's spelling of the type
      alertmanager: [{ name: 'disk-full', url: alertmanager, alerts: ['DiskFull'], test: { expr: "results.alerts[0].fingerprint != ''" } }],
    });
    expect(statuses['firing']).toMatchObject({ status: true, message: 'disk is full' });
    expect(statuses['warnings']).toMatchObject({ status: true, message: 'HighLatency/elastic-system: slow searches' });
    expect(statuses['critical-none']).toMatchObject({ status: false, error: 'test count == 0 is false' });
    expect(statuses['critical-none']!.detail).toMatchObject({ count: 2 });
    expect(statuses['bad-filter']!.error).toMatch(/^alertmanager answered HTTP 400: /);
    expect(statuses['refused']!.error).toMatch(/^alertmanager: ECONNREFUSED/);
    expect(statuses['disk-full']).toMatchObject({ status: true, message: '1 alert' });
  });

  it('elasticsearch: POSTs the query to the index with basic auth and counts hits.total.value; a wrong count, a missing index and no credentials fail', async () => {
    const query = JSON.stringify({ query: { term: { 'system.role': 'api' } } });
    const credentials = { username: { value: 'elastic' }, password: { value: PASSWORD } };
    search.requests.length = 0;
    const statuses = await runSpec(`elasticsearch-${Date.now()}`, {
      elasticsearch: [
        { name: 'api', url: search.url, index: 'logs', query, results: 1, ...credentials, test: { expr: "results.hits.hits[0]._source.message == 'started' && hits[0].system.role == 'api'" } },
        { name: 'workers', url: search.url, index: 'logs', query: JSON.stringify({ query: { term: { 'system.role': 'worker' } } }), ...credentials, display: { template: '{{ .count }} workers' } },
        { name: 'wrong-count', url: search.url, index: 'logs', query, results: 2, ...credentials },
        { name: 'missing-index', url: search.url, index: 'missing', query, results: 1, ...credentials },
        { name: 'no-credentials', url: search.url, index: 'logs', query, results: 1 },
      ],
    });
    expect(statuses['api']).toMatchObject({ status: true, message: '1 hit' });
    expect(statuses['workers']).toMatchObject({ status: true, message: '2 workers' });
    expect(statuses['wrong-count']).toMatchObject({ status: false, error: 'the query returned 1 hits, expected 2' });
    expect(statuses['missing-index']).toMatchObject({ status: false, error: 'elasticsearch answered HTTP 404: index_not_found_exception: no such index [missing]' });
    expect(statuses['no-credentials']).toMatchObject({ status: false, error: 'elasticsearch answered HTTP 401: security_exception: missing authentication credentials for REST request [/logs/_search]' });
    expect(search.requests).toContainEqual({
      method: 'POST',
      path: '/logs/_search',
      contentType: 'application/json',
      authorization: `Basic ${Buffer.from(`elastic:${PASSWORD}`).toString('base64')}`,
      body: JSON.parse(query) as unknown,
    });
  });

  it('opensearch: the same search and count; a query that is not JSON is refused before sending, a refused port fails', async () => {
    const credentials = { username: { value: 'elastic' }, password: { value: PASSWORD } };
    const statuses = await runSpec(`opensearch-${Date.now()}`, {
      opensearch: [
        { name: 'all', url: search.url, index: 'logs', query: '{"query": {"match_all": {}}}', results: 3, ...credentials, test: { expr: 'count == 3 && size(hits) == 3' } },
        { name: 'all-expected-one', url: search.url, index: 'logs', query: '{"query": {"match_all": {}}}', results: 1, ...credentials },
        { name: 'not-json', url: search.url, index: 'logs', query: '{not json', ...credentials },
        { name: 'refused', url: `http://127.0.0.1:${await freePort()}`, index: 'logs', ...credentials },
      ],
    });
    expect(statuses['all']).toMatchObject({ status: true, message: '3 hits' });
    expect(statuses['all-expected-one']).toMatchObject({ status: false, error: 'the query returned 3 hits, expected 1' });
    expect(statuses['not-json']!.error).toMatch(/^query is not JSON: /);
    expect(statuses['refused']!.error).toMatch(/^opensearch: ECONNREFUSED/);
  });

  it('mongo: authenticates with SCRAM-SHA-256, pings and reads hello; a wrong password and a refused port fail', async () => {
    const port = new URL(mongo.url).port;
    const statuses = await runSpec(`mongo-${Date.now()}`, {
      mongo: [
        {
          name: 'mongo-ok',
          url: `mongodb://$(username):$(password)@127.0.0.1:${port}/?authSource=admin`,
          username: { value: 'pharos' },
          password: { value: PASSWORD },
          test: { expr: 'hello.isWritablePrimary && hello.maxWireVersion >= 9' },
        },
        { name: 'mongo-wrong-password', url: mongo.url, username: { value: 'pharos' }, password: { value: 'wrong' } },
      ],
      // canary-checker's spelling of the type
      mongodb: [{ name: 'mongo-refused', url: `mongodb://127.0.0.1:${await freePort()}` }],
    });
    expect(statuses['mongo-ok']).toMatchObject({ status: true, message: 'ping ok', error: null });
    expect(mongo.commands).toEqual(expect.arrayContaining(['saslStart', 'saslContinue', 'ping', 'hello']));
    expect(statuses['mongo-wrong-password']!.error).toMatch(/Authentication failed/);
    expect(statuses['mongo-refused']!.error).toMatch(/ECONNREFUSED/);
  });
});
