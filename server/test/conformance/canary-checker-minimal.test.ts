import { readdirSync } from 'node:fs';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { startDnsmasq } from '../support/peers/dnsmasq.js';
import type { PeerProcess } from '../support/peers/process.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checksOf, FIXTURES, judgeCanaryExample, replaceEverywhere, type CanaryDocument, type CanaryExample, type CanaryHarness } from './support/canaries.js';
import { startHttpbin, type Httpbin } from './support/httpbin.js';
import { Ledger } from './support/ledger.js';

/**
 * canary-checker's fixtures/minimal examples (copied in fixtures/canary-checker/minimal, see the
 * README there), applied through POST /api/apply and run once as the engine runs them, against
 * loopback peers where they call the internet: a stand-in of httpbin.flanksource.com and
 * api.frankfurter.app (over http, and over https where the example measures the certificate),
 * dnsmasq with the records the DNS examples expect, and a TCP listener. Each example's checks must
 * pass or fail as upstream's `_pass`/`_fail` naming (or `Expected-Fail` label) says, with the
 * messages its display gives.
 */

const ledger = new Ledger('canary-checker fixtures/minimal');
let harness: CanaryHarness;
let httpbin: Httpbin;
let dns: { port: number; process: PeerProcess };
let tcp: TcpServer;
let tcpPort: number;

const CLUSTER = 'needs a Kubernetes cluster';
/** The share measured when the suite was written (see the comment on the last test). */
const MINIMUM_RATE = 85;

/** httpbin.flanksource.com (and the frankfurter API) → the loopback stand-in over plain http. */
function toHttpbin(documents: CanaryDocument[]): void {
  replaceEverywhere(documents, 'https://httpbin.flanksource.com', httpbin.http);
  replaceEverywhere(documents, 'https://api.frankfurter.app', httpbin.http);
}

/** httpbin.flanksource.com → the stand-in over https; its self-signed certificate is trusted by `tlsConfig.insecureSkipVerify`. */
function toSecureHttpbin(documents: CanaryDocument[]): void {
  replaceEverywhere(documents, 'https://httpbin.flanksource.com', httpbin.https);
  for (const document of documents) for (const check of checksOf(document, 'http')) check['tlsConfig'] = { insecureSkipVerify: true };
}

/** The public resolvers the DNS examples ask → dnsmasq on loopback. */
function toDnsmasq(documents: CanaryDocument[]): void {
  for (const document of documents) {
    for (const check of checksOf(document, 'dns')) Object.assign(check, { server: '127.0.0.1', port: dns.port });
  }
}

const TO_HTTPBIN = 'https://httpbin.flanksource.com → the loopback httpbin stand-in over http';
const TO_SECURE_HTTPBIN = 'https://httpbin.flanksource.com → the loopback httpbin stand-in over https, with tlsConfig.insecureSkipVerify to trust its self-signed certificate';
const TO_FRANKFURTER = 'https://api.frankfurter.app → the loopback stand-in, which answers rates EUR 0.92, GBP 0.79, ILS 3.7';

const EXAMPLES: CanaryExample[] = [
  { file: 'minimal/exec_pass.yaml', expect: 'pass' },
  { file: 'minimal/exec_env_pass.yaml', expect: 'pass' },
  { file: 'minimal/exec_fail.yaml', expect: 'fail', checks: { 'exec-fail-check': { error: /test results.stdout == "hello" is false/ } } },
  { file: 'minimal/exec_artifact.yaml', expect: 'pass' },
  { file: 'minimal/exec_connection_aws_fail.yaml', skip: 'needs an AWS account (connection://AWS/flanksource)' },
  {
    file: 'minimal/cel.yaml',
    expect: 'pass',
  },
  { file: 'minimal/display-with-cel_pass.yaml', expect: 'pass', change: TO_FRANKFURTER, rewrite: toHttpbin, checks: { USD: { message: '$1 = €0.92, £0.79, ₪3.7' } } },
  { file: 'minimal/display-with-gotemplate_pass.yaml', expect: 'pass', change: TO_FRANKFURTER, rewrite: toHttpbin, checks: { USD: { message: '$1 = €0.92, £0.79, ₪3.7' } } },
  { file: 'minimal/display-with-javascript_pass.yaml', expect: 'pass', change: TO_FRANKFURTER, rewrite: toHttpbin, checks: { USD: { message: '$1 = EUR = €0.92, GBP = £0.79, ILS = ₪3.7' } } },
  {
    file: 'minimal/dns_pass.yaml',
    expect: 'pass',
    change: 'server 8.8.8.8 / 1.1.1.1 → dnsmasq on loopback, serving the records the example expects (NS records excepted: dnsmasq serves none for a zone it does not own, so the NS query check is left out)',
    rewrite: (documents) => {
      toDnsmasq(documents);
      for (const document of documents) document.spec['dns'] = checksOf(document, 'dns').filter((check) => check['querytype'] !== 'NS');
    },
  },
  { file: 'minimal/dns_fail.yaml', expect: 'fail', change: 'server 8.8.8.8 → dnsmasq on loopback, serving the same records as for dns_pass', rewrite: toDnsmasq },
  {
    file: 'minimal/http_pass.yaml',
    expect: 'pass',
    change: TO_SECURE_HTTPBIN,
    rewrite: toSecureHttpbin,
    checks: {
      'http-expr-tests': { message: /^code=200, age=\d+h\d+m[\d.]+s$/ },
    },
  },
  { file: 'minimal/http_fail.yaml', expect: 'fail', change: TO_HTTPBIN, rewrite: toHttpbin, checks: { 'http fail test expr check': { message: '200 should be 500' } } },
  { file: 'minimal/http_simple.yaml', change: TO_HTTPBIN, rewrite: toHttpbin, checks: { 'basic-check': { pass: true }, 'failing-check': { pass: false } } },
  { file: 'minimal/http_single_pass.yaml', expect: 'pass', change: TO_SECURE_HTTPBIN, rewrite: toSecureHttpbin },
  { file: 'minimal/http_pass_results_mode_pass.yaml', expect: 'pass', change: TO_SECURE_HTTPBIN, rewrite: toSecureHttpbin },
  { file: 'minimal/http_tls_check_pass.yaml', expect: 'pass', change: TO_SECURE_HTTPBIN, rewrite: toSecureHttpbin },
  { file: 'minimal/http_timeout_fail.yaml', expect: 'fail', change: TO_HTTPBIN, rewrite: toHttpbin },
  { file: 'minimal/http_redirect_no_follow.yaml', expect: 'pass', change: TO_HTTPBIN, rewrite: toHttpbin, checks: { 'redirect-301-no-follow': { message: 'status=301, location=/get' } } },
  { file: 'minimal/http-check-labels.yaml', expect: 'pass', change: TO_HTTPBIN, rewrite: toHttpbin },
  // No _pass/_fail: its body reads .metadata.name, which canary-checker's template environment does not
  // have, and Go's template stops there (nil pointer evaluating interface {}.name): the check fails.
  { file: 'minimal/http-templateBody.yaml', expect: 'fail', change: TO_HTTPBIN, rewrite: toHttpbin },
  { file: 'minimal/http_auth_static_pass.yaml', expect: 'pass', change: TO_HTTPBIN, rewrite: toHttpbin },
  {
    file: 'minimal/http_auth_url_pass.yaml',
    expect: 'pass',
    change: 'https://…@httpbin.flanksource.com (with credentials in the URL) → http://…@ the loopback httpbin stand-in',
    rewrite: (documents) => {
      replaceEverywhere(documents, '@httpbin.flanksource.com', `@${new URL(httpbin.http).host}`);
      replaceEverywhere(documents, 'https://', 'http://');
    },
  },
  { file: 'minimal/http_no_auth_pass.yaml', expect: 'pass', change: TO_HTTPBIN, rewrite: toHttpbin },
  { file: 'minimal/http_trace_pass.yaml', expect: 'pass', change: TO_HTTPBIN, rewrite: toHttpbin },
  { file: 'minimal/http_depends_on_pass.yaml', expect: 'pass', change: TO_HTTPBIN, rewrite: toHttpbin },
  {
    file: 'minimal/http_oauth2_pass.yaml',
    expect: 'pass',
    change: `${TO_HTTPBIN}; the token URL at login-demo.curity.io → the stand-in's /oauth/v2/oauth-token`,
    rewrite: (documents) => {
      toHttpbin(documents);
      replaceEverywhere(documents, 'https://login-demo.curity.io', httpbin.http);
    },
  },
  { file: 'minimal/http_digest_pass.yaml', expect: 'pass', change: TO_HTTPBIN, rewrite: toHttpbin },
  { file: 'minimal/http-crawl_pass.yaml', expect: 'pass', change: TO_HTTPBIN, rewrite: toHttpbin, checks: { docs: { message: '', detail: { visited: 3, missing: [] } } } },
  { file: 'minimal/http_fail_connection.yaml', skip: 'names connections connection://HTTP/500 and connection://HTTP/200 that upstream\'s test setup creates in a Kubernetes namespace HTTP' },
  { file: 'minimal/http_auth_from_config_map.yaml', skip: `${CLUSTER}: reads the credentials from a ConfigMap` },
  { file: 'minimal/http_auth_from_secret.yaml', skip: `${CLUSTER}: reads the credentials from a Secret` },
  { file: 'minimal/http_auth_from_helm_ref.yaml', skip: `${CLUSTER}: reads the credentials from a Helm release` },
  { file: 'minimal/http_auth_from_service_account.yaml', skip: `${CLUSTER}: authenticates as a service account` },
  { file: 'minimal/http_aws_sigv4_pass.yaml', skip: 'needs an AWS account (SigV4 signing)' },
  { file: 'minimal/http_template.yaml', skip: `${CLUSTER}: its body reads a Secret, and it posts to webhook.site` },
  { file: 'minimal/http_tls_config.yaml', skip: `${CLUSTER}: its CA is a Secret` },
  { file: 'minimal/metrics.yaml', expect: 'pass', change: TO_HTTPBIN, rewrite: toHttpbin },
  ...['minimal/metrics-multiple.yaml', 'minimal/metrics-transformed.yaml'].map((file): CanaryExample => ({
    file,
    expect: 'pass',
    change: `${TO_FRANKFURTER}; schedule "every 30 @minutes", which cron refuses (upstream's scheduler too, while its test runner runs the checks without it), → "@every 30m"`,
    rewrite: (documents) => {
      toHttpbin(documents);
      for (const document of documents) document.spec['schedule'] = '@every 30m';
    },
  })),
  {
    file: 'minimal/namespaced_check_pass.yaml',
    expect: 'pass',
    change: 'https://example.com → the stand-in\'s /status/200 over http',
    rewrite: (documents) => replaceEverywhere(documents, /^https:\/\/example\.com$/, `${httpbin.http}/status/200`),
    checks: { 'second-after-transformation-check': { pass: true, message: 'static message' } },
  },
  {
    file: 'minimal/tcp.yaml',
    expect: 'pass',
    change: 'www.flanksource.com:443 → a TCP listener on loopback',
    rewrite: (documents) => replaceEverywhere(documents, 'www.flanksource.com:443', `127.0.0.1:${tcpPort}`),
    checks: { 'flanksource website': { message: 'Success' } },
  },
  {
    file: 'minimal/tcp_invalid.yaml',
    expect: 'fail',
    change: 'www.flanksource.com → 127.0.0.1 (the endpoint stays an https:// URL, which a tcp check refuses)',
    rewrite: (documents) => replaceEverywhere(documents, 'www.flanksource.com', '127.0.0.1'),
  },
  {
    file: 'minimal/icmp_fail.yaml',
    expect: 'fail',
    change: 'github.com → 198.51.100.1 (TEST-NET-2, which nothing answers here), as the tests reach no internet host',
    rewrite: (documents) => replaceEverywhere(documents, 'github.com', '198.51.100.1'),
  },
  { file: 'minimal/junit_pass.yaml', skip: `${CLUSTER}: its tests are the image docker.io/tarun18/junit-test-pass, run as a pod` },
  { file: 'minimal/containerd-pull.yaml', skip: 'needs containerd and a registry on the internet' },
  { file: 'minimal/containerd-push.yaml', skip: 'needs containerd and a registry on the internet' },
  { file: 'minimal/jmeter.yaml', skip: 'needs a JMeter server and a Kubernetes ConfigMap' },
  { file: 'minimal/schedule_invalid.yaml', skip: 'upstream documents no outcome for an invalid schedule (its e2e runner does not run _invalid files)' },
];

beforeAll(async () => {
  const sandbox = new ExpressionSandbox();
  const server: TestServer = await startTestServer({ sandbox });
  harness = { server, sandbox, token: await server.tokenFor(['admin']) };
  httpbin = await startHttpbin();
  tcp = createTcpServer((socket) => socket.end());
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  tcpPort = (tcp.address() as AddressInfo).port;
  dns = await startDnsmasq({ '1.2.3.4.nip.io': '1.2.3.4', 'dns.google': '8.8.8.8' }, [
    '--ptr-record=1.1.1.1.in-addr.arpa,one.one.one.one',
    '--ptr-record=8.8.8.8.in-addr.arpa,dns.google',
    '--mx-host=google.com,smtp.google.com,10',
    '--mx-host=flanksource.com,aspmx.l.google.com,1',
    '--txt-record=flanksource.com,"google-site-verification=IIE1aJuvqseLUKSXSIhu2O2lgdU_d8csfJjjIQVc-q0"',
  ]);
});

afterAll(async () => {
  console.log(`${ledger.report()}\n${ledger.addToRun(inject('testRunId'))}`);
  await dns?.process.stop();
  await httpbin?.close();
  await new Promise((resolve) => tcp?.close(resolve));
  await harness?.server.close();
  await harness?.sandbox.close();
});

describe('canary-checker fixtures/minimal', () => {
  it.concurrent.each(EXAMPLES.map((example, index) => [example.file, example, index] as const))('%s behaves as upstream', async (_file, example, index) => {
    expect(await judgeCanaryExample(harness, ledger, example, `cc-minimal-${index}`)).toEqual([]);
  });

  it('has an entry for every example copied in its folder', () => {
    expect(EXAMPLES.map((example) => example.file).sort()).toEqual(readdirSync(`${FIXTURES}minimal`).map((file) => `minimal/${file}`).sort());
  });

  it('behave as upstream in at least the measured share of the examples whose systems exist here', () => {
    // Every example was judged before the rate is read (the examples run concurrently, this test after them).
    expect(ledger.size).toBe(EXAMPLES.length);
    expect(ledger.rate().percent).toBeGreaterThanOrEqual(MINIMUM_RATE);
  });
});
