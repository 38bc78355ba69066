import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envVarText } from '@pharos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { applyExpressions } from '../../src/health/evaluate.js';
import { httpCheck } from '../../src/health/runners/http.js';
import { HTTP_USER_AGENT, type CheckOutcome } from '../../src/health/runners/index.js';
import { VERSION } from '../../src/version.js';
import { digestAccepts, sendDigestChallenge } from '../support/digest.js';
import { startNtlmServer, type NtlmServer } from '../support/ntlm-server.js';

/**
 * The http check against loopback servers that answer, fail, redirect, stall and serve a
 * self-signed certificate that expires in three days (made here with the openssl command) and an
 * NTLMv2 stand-in (test/support/ntlm-server.ts), run as
 * the engine runs it: the runner, then the spec's test and display expressions in the sandbox.
 * (checks-run.test.ts covers a canary of http checks end to end: JSON test, 503, threshold.)
 */

let sandbox: ExpressionSandbox;
let http: Server;
let base: string;
let https: Server;
let secureBase: string;
let certificate: string;
let certificates: string;
let ntlm: NtlmServer;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString('utf8');
  return body;
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const send = (code: number, body: string, headers: Record<string, string> = {}): void => {
    response.writeHead(code, headers).end(body);
  };
  switch (request.url) {
    case '/ok':
      return send(200, JSON.stringify({ status: 'ok', items: [{ name: 'first' }], method: request.method }), { 'content-type': 'application/json', 'x-trace': 'abc123' });
    case '/agent':
      return send(200, request.headers['user-agent'] ?? '');
    case '/token':
      return void readBody(request).then((body) => {
        const form = new URLSearchParams(body);
        if (form.get('client_id') === 'ops' && form.get('client_secret') === 'Correct-Horse-7' && form.get('scope') === 'read write') send(200, JSON.stringify({ access_token: 'tok-1', token_type: 'Bearer' }), { 'content-type': 'application/json' });
        else send(401, JSON.stringify({ error: 'invalid_client', error_description: 'unknown client' }), { 'content-type': 'application/json' });
      });
    case '/echo':
      return void readBody(request).then((body) => send(200, JSON.stringify({ authorization: request.headers.authorization ?? null, body }), { 'content-type': 'application/json' }));
    case '/site':
      return send(200, '<a href="/site/a">a</a> <a href=\'/site/b#top\'>b</a> <a href="https://example.invalid/x">away</a> <a href="/private/x">private</a>', { 'content-type': 'text/html' });
    case '/site/a':
      return send(200, '<a href="/site">home</a> <a href="/site/gone">gone</a>', { 'content-type': 'text/html' });
    case '/site/b':
      return send(200, 'plain text', { 'content-type': 'text/plain' });
    case '/digest?x=1':
      if (digestAccepts(request, 'pharos', 'me', 'secret')) return send(200, 'hello me');
      return sendDigestChallenge(response, 'pharos');
    case '/headers':
      return send(200, JSON.stringify({ headers: { 'User-Agent': request.headers['user-agent'] } }), { 'content-type': 'application/json' });
    case '/fail':
      return send(500, 'database unreachable');
    case '/redirect':
      return send(302, '', { location: '/hop' });
    case '/hop':
      return send(301, '', { location: `${base}/ok` });
    case '/see-other':
      return send(303, '', { location: '/ok' });
    case '/loop':
      return send(302, '', { location: '/loop' });
    case '/stall':
      return; // never answers
    default:
      return send(404, 'no such page');
  }
}

beforeAll(async () => {
  sandbox = new ExpressionSandbox();
  http = createHttpServer(handle);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  certificates = mkdtempSync(join(tmpdir(), 'pharos-tls-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '3', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', join(certificates, 'key.pem'), '-out', join(certificates, 'cert.pem'),
  ], { stdio: 'ignore' });
  certificate = readFileSync(join(certificates, 'cert.pem'), 'utf8');
  https = createHttpsServer({ cert: certificate, key: readFileSync(join(certificates, 'key.pem')) }, handle);
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  secureBase = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
  ntlm = await startNtlmServer({ ops: 'Correct-Horse-7' });
});

afterAll(async () => {
  await ntlm?.close();
  http?.closeAllConnections();
  https?.closeAllConnections();
  await new Promise((resolve) => http?.close(resolve));
  await new Promise((resolve) => https?.close(resolve));
  if (certificates) rmSync(certificates, { recursive: true, force: true });
  await sandbox?.close();
});

async function run(spec: Record<string, unknown>, signal = AbortSignal.timeout(10_000)): Promise<CheckOutcome> {
  const outcome = await httpCheck(
    { name: 'check', ...spec },
    { signal, userAgent: HTTP_USER_AGENT, value: async (field) => envVarText(field), render: (template, variables) => sandbox.renderTemplate(template, variables, 'check'), scope: { canary: { name: 'shop' } } },
  );
  return applyExpressions(sandbox, spec, outcome);
}

describe('the http check', () => {
  it('sends a User-Agent that starts as canary-checker\'s and names Pharos', async () => {
    const outcome = await run({ url: `${base}/agent` });
    expect(outcome.data['content']).toBe(`canary-checker/compatible Pharos/${VERSION}`);
  });

  it('sends the User-Agent the spec\'s headers give instead', async () => {
    const given = await run({ url: `${base}/headers`, headers: [{ name: 'User-Agent', value: 'shop-probe/2.0' }], test: { expr: 'json.headers["User-Agent"].startsWith("canary-checker/")' } });
    expect(given).toMatchObject({ pass: false, error: 'test json.headers["User-Agent"].startsWith("canary-checker/") is false', data: { json: { headers: { 'User-Agent': 'shop-probe/2.0' } } } });
    const byDefault = await run({ url: `${base}/headers`, test: { expr: 'json.headers["User-Agent"].startsWith("canary-checker/")' } });
    expect(byDefault).toMatchObject({ pass: true });
  });

  it('templates a $(…) url and a templateBody body over its env and canary, and sends credentials written in the URL as basic ones', async () => {
    const port = new URL(base).port;
    const outcome = await run({
      url: 'http://ops:s%40fe@127.0.0.1:$(.port)/echo',
      method: 'POST',
      env: [{ name: 'port', value: port }],
      templateBody: true,
      body: '{"canary": "{{.canary.name}}"}',
    });
    expect(outcome).toMatchObject({ pass: true, data: { url: `${base}/echo`, json: { authorization: `Basic ${Buffer.from('ops:s@fe').toString('base64')}`, body: '{"canary": "shop"}' } } });
    // $(username) and $(password), as connection URLs write them, are the check's credentials.
    const fromFields = await run({ url: `http://$(username):$(password)@127.0.0.1:${port}/echo`, username: { value: 'ada' }, password: { value: 'pw' } });
    expect(fromFields).toMatchObject({ pass: true, data: { json: { authorization: `Basic ${Buffer.from('ada:pw').toString('base64')}` } } });
  });

  it('sends an oauth2 client-credentials token as a bearer token, and fails saying why the token endpoint refused', async () => {
    const oauth2 = { tokenURL: `${base}/token`, scope: ['read', 'write'] };
    const granted = await run({ url: `${base}/echo`, username: { value: 'ops' }, password: { value: 'Correct-Horse-7' }, oauth2 });
    expect(granted).toMatchObject({ pass: true, data: { json: { authorization: 'Bearer tok-1' } } });
    const refused = await run({ url: `${base}/echo`, username: { value: 'ops' }, password: { value: 'wrong' }, oauth2 });
    expect(refused).toMatchObject({ pass: false, error: `GET ${base}/echo: oauth2: ${base}/token answered 401: invalid_client (unknown client)` });
  });

  it('crawls the links of its host, depth pages deep, leaving out what disallowedURLFilters match, and fails on a link that answers an error', async () => {
    const outcome = await run({ url: `${base}/site`, crawl: { depth: 3, disallowedURLFilters: ['/private/'] }, display: { expr: 'missing.join(", ")' } });
    expect(outcome).toMatchObject({ pass: false, error: 'Visited: 4, Missing: 1', message: `${base}/site/gone`, data: { visited: 4, missing: [`${base}/site/gone`] } });
    expect(await run({ url: `${base}/site`, crawl: { depth: 1 } })).toMatchObject({ pass: true, message: 'Visited: 1', data: { visited: 1, missing: [] } });
  });

  it('runs javascript test, display and transform scripts over the variables by name, as canary-checker does', async () => {
    const display = await run({ url: `${base}/ok`, test: { javascript: 'json.status == "ok" && code == 200' }, display: { javascript: 'var names = []; for (var i in json.items) names.push(json.items[i].name); "items: " + names.join(", ")' } });
    expect(display).toMatchObject({ pass: true, message: 'items: first' });
    expect(await run({ url: `${base}/ok`, test: { javascript: 'code == 500' } })).toMatchObject({ pass: false, error: 'test code == 500 is false' });
    const transformed = await run({ url: `${base}/ok`, transform: { javascript: 'JSON.stringify({ message: "status " + json.status, pass: code == 200 })' } });
    expect(transformed).toMatchObject({ pass: true, message: 'status ok' });
  });

  it('gives plain http a zero sslAge and the time to the answer as elapsed, so their expressions do not err', async () => {
    const outcome = await run({ url: `${base}/agent`, test: { expr: "sslAge == Duration('0s') && elapsed < Duration('10s') && json == {}" }, display: { expr: "string(code) + (sslAge == Duration('0s') ? ' without TLS' : ' over TLS')" } });
    expect(outcome).toMatchObject({ pass: true, message: '200 without TLS', data: { sslAge: 0, json: {} } });
  });

  it('gives the expressions code, headers (named as Go names them), json and content', async () => {
    const outcome = await run({
      url: `${base}/ok`,
      test: { expr: "code == 200 && headers['X-Trace'] == 'abc123' && headers['Content-Type'] == 'application/json' && json.items[0].name == 'first' && content.contains('\"status\":\"ok\"')" },
      display: { template: '{{ .code }} {{ index .headers "X-Trace" }} {{ (index .json.items 0).name }}' },
    });
    expect(outcome).toMatchObject({ pass: true, message: '200 abc123 first' });
    expect(outcome.error).toBeUndefined();
  });

  it('checks responseJSONContent and says what it found', async () => {
    expect(await run({ url: `${base}/ok`, responseJSONContent: { path: '$.items.0.name', value: 'first' } })).toMatchObject({ pass: true });
    expect(await run({ url: `${base}/ok`, responseJSONContent: { path: '$.status', value: 'degraded' } })).toMatchObject({ pass: false, error: '$.status is "ok", expected "degraded"' });
  });

  it('fails on an error status unless responseCodes expects it', async () => {
    expect(await run({ url: `${base}/fail` })).toMatchObject({ pass: false, error: 'status 500', data: { code: 500, content: 'database unreachable' } });
    expect(await run({ url: `${base}/fail`, responseCodes: [500] })).toMatchObject({ pass: true });
    expect(await run({ url: `${base}/ok`, responseCodes: [201, 204] })).toMatchObject({ pass: false, error: 'status 200, expected 201 or 204' });
  });

  it('follows redirects to the final answer, and not when maxRedirects is 0', async () => {
    const followed = await run({ url: `${base}/redirect`, test: { expr: 'code == 200' } });
    expect(followed).toMatchObject({ pass: true, data: { code: 200, url: `${base}/ok` } });
    expect(followed.message).toMatch(new RegExp(`^200 in \\d+ ms from ${base}/ok after 2 redirects$`));

    const stopped = await run({ url: `${base}/redirect`, maxRedirects: 0, responseCodes: [302], test: { expr: "headers['Location'] == '/hop'" } });
    expect(stopped).toMatchObject({ pass: true, data: { code: 302 } });

    const seeOther = await run({ url: `${base}/see-other`, method: 'POST', body: '{}' });
    expect(seeOther).toMatchObject({ pass: true, data: { code: 200, json: { method: 'GET' } } });

    const loop = await run({ url: `${base}/loop`, maxRedirects: 3 });
    expect(loop).toMatchObject({ pass: true, data: { code: 302, url: `${base}/loop` } });
    expect(await run({ url: `${base}/loop`, maxRedirects: 3, responseCodes: [200] })).toMatchObject({ pass: false, error: 'status 302, expected 200' });
  });

  it('gives up on a server that does not answer in time, and says so', async () => {
    const started = Date.now();
    const outcome = await run({ url: `${base}/stall` }, AbortSignal.timeout(300));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(new RegExp(`^GET ${base}/stall: no answer within \\d+ ms$`));
  });

  it('refuses a self-signed certificate unless tlsConfig trusts its CA or skips verification', async () => {
    const untrusted = await run({ url: `${secureBase}/ok` });
    expect(untrusted.pass).toBe(false);
    expect(untrusted.error).toMatch(/self[- ]signed certificate/i);

    const trusted = await run({ url: `${secureBase}/ok`, tlsConfig: { ca: { value: certificate } }, test: { expr: "code == 200 && sslAge > Duration('2d') && sslAge < Duration('3d')" } });
    expect(trusted).toMatchObject({ pass: true, data: { code: 200 } });

    expect(await run({ url: `${secureBase}/ok`, tlsConfig: { insecureSkipVerify: true } })).toMatchObject({ pass: true });
  });

  it('fails maxSSLExpiry with the days the certificate has left, and ignores it over plain http', async () => {
    const tls = { insecureSkipVerify: true };
    expect(await run({ url: `${secureBase}/ok`, tlsConfig: tls, maxSSLExpiry: 7 })).toMatchObject({ pass: false, error: 'the certificate expires in 2 days, within 7' });
    expect(await run({ url: `${secureBase}/ok`, tlsConfig: tls, maxSSLExpiry: 2 })).toMatchObject({ pass: true });
    // Over plain http there is no certificate and maxSSLExpiry does not apply, as in canary-checker.
    expect(await run({ url: `${base}/ok`, maxSSLExpiry: 7 })).toMatchObject({ pass: true });
  });

  it('authenticates with NTLM (v2) on one connection, as DOMAIN\\user or as the user of the domain the server names', async () => {
    const withDomain = await run({ url: ntlm.url, ntlm: true, username: 'PHAROS\\ops', password: 'Correct-Horse-7', test: { expr: "content == 'hello PHAROS\\\\ops'" } });
    expect(withDomain).toMatchObject({ pass: true, data: { code: 200 } });
    const fromChallenge = await run({ url: ntlm.url, authentication: { type: 'ntlmv2', username: { value: 'ops' }, password: { value: 'Correct-Horse-7' } } });
    expect(fromChallenge).toMatchObject({ pass: true, data: { content: 'hello PHAROS\\ops' } });
    expect(ntlm.authenticated).toEqual(['PHAROS\\ops', 'PHAROS\\ops']);

    expect(await run({ url: ntlm.url, ntlm: true, username: 'ops', password: 'wrong' })).toMatchObject({ pass: false, error: 'status 401' });
    expect(await run({ url: ntlm.url, username: 'ops', password: 'Correct-Horse-7' })).toMatchObject({ pass: false, error: 'status 401' });
    expect(ntlm.authenticated).toHaveLength(2);
  });

  it('answers a digest challenge with the check\'s credentials, and a wrong password gets the server\'s 401', async () => {
    const spec = { url: `${base}/digest?x=1`, digest: true, username: { value: 'me' }, responseCodes: [200] };
    expect(await run({ ...spec, password: { value: 'secret' } })).toMatchObject({ pass: true, data: { code: 200, content: 'hello me' } });
    expect(await run({ ...spec, password: { value: 'wrong' } })).toMatchObject({ pass: false, error: 'status 401, expected 200' });
  });
});
