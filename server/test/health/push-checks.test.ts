import { chmod, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { syncCanary } from '../../src/health/sync.js';
import { folderForCommands } from '../support/commands-folder.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { latestResults, runOnce, runSpec as runCanarySpec, saveCanary as saveCanaryOf, type CheckResult } from './canary-runs.js';

/**
 * junit checks that run a script writing real JUnit XML, webhook checks whose results are pushed
 * over HTTP with a token, and catalog checks over rows of Pharos's own `configs`.
 */

const HOUR = 3_600;
let server: TestServer;
let sandbox: ExpressionSandbox;
const cleanup: string[] = [];

beforeAll(async () => {
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox });
}, 120_000);

afterAll(async () => {
  await Promise.all(cleanup.map((folder) => rm(folder, { recursive: true, force: true })));
  await server?.close();
  await sandbox?.close();
});

const saveCanary = (name: string, spec: Record<string, unknown>): Promise<string> => saveCanaryOf(server, name, spec);
const statusesOf = (canaryId: string): Promise<Record<string, CheckResult>> => latestResults(server, canaryId);
const runSpec = (name: string, spec: Record<string, unknown>): Promise<Record<string, CheckResult>> => runCanarySpec(server, sandbox, `${name}-${Date.now()}`, spec);

/** A folder the checks' commands (other OS users) can write in. */
async function sharedFolder(): Promise<string> {
  const folder = await folderForCommands('pharos-junit-check-');
  cleanup.push(folder);
  return folder;
}

function junitScript(file: string, cases: string, exitCode = 0): string {
  return `mkdir -p "$(dirname ${file})"
cat > ${file} <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="math" tests="4" time="0.5">
${cases}
  </testsuite>
</testsuites>
XML
exit ${exitCode}`;
}

const PASSING = `    <testcase classname="math" name="adds" time="0.1"/>
    <testcase classname="math" name="multiplies" time="0.2"><system-out>6 * 7 = 42</system-out></testcase>
    <testcase classname="math" name="integrates" time="0"><skipped message="not yet"/></testcase>`;
const FAILING = `${PASSING}
    <testcase classname="math" name="divides" time="0.2"><failure message="expected 2, got 3" type="AssertionError">at divide.js:4</failure></testcase>`;

describe('junit checks', () => {
  it('runs the command, reads the suites it wrote and passes or fails with the counts and the failing cases', async () => {
    const folder = await sharedFolder();
    const stale = path.join(folder, 'stale');
    await mkdir(stale);
    await writeFile(path.join(stale, 'old.xml'), `<testsuite name="old"><testcase name="t"/></testsuite>`);
    await utimes(path.join(stale, 'old.xml'), Date.now() / 1000 - HOUR, Date.now() / 1000 - HOUR);
    const statuses = await runSpec('junit', {
      junit: [
        {
          name: 'unit-pass',
          testResults: `${folder}/pass/`,
          spec: { containers: [{ name: 'tests', image: 'ignored', command: ['bash', '-c', junitScript(`${folder}/pass/report.xml`, PASSING)] }] },
          test: { expr: 'results.failed == 0 && results.passed > 0' },
          display: { expr: "string(results.failed) + ' of ' + string(results.passed) + ' failed; ' + suites[0].tests[1].stdout" },
        },
        { name: 'unit-default-message', testResults: `${folder}/pass2/report.xml`, script: junitScript(`${folder}/pass2/report.xml`, PASSING) },
        { name: 'unit-fail', testResults: `${folder}/fail`, script: junitScript(`${folder}/fail/report.xml`, FAILING) },
        {
          name: 'unit-fail-template',
          testResults: `${folder}/fail2`,
          script: junitScript(`${folder}/fail2/report.xml`, FAILING),
          display: { template: '{{ range .results.suites }}{{ range .tests }}{{ if eq .status "failed" }}{{ .classname }}/{{ .name }}: {{ .message }}{{ end }}{{ end }}{{ end }}' },
        },
        { name: 'unit-exit', testResults: `${folder}/exit`, script: junitScript(`${folder}/exit/report.xml`, FAILING, 3) },
        { name: 'unit-nothing-written', testResults: stale, script: 'echo ran' },
        // canary-checker's timeout is in minutes: 0.01 is 600 ms.
        { name: 'unit-timeout', testResults: `${folder}/slow`, timeout: 0.01, script: 'sleep 5' },
        { name: 'unit-not-xml', testResults: `${folder}/broken/r.xml`, script: `mkdir -p ${folder}/broken; echo '<testsuite><testcase' > ${folder}/broken/r.xml` },
      ],
    });
    expect(statuses['unit-pass']).toMatchObject({ status: true, message: '0 of 2 failed; 6 * 7 = 42' });
    expect(statuses['unit-pass']!.detail).toMatchObject({ passed: 2, failed: 0, skipped: 1, duration: 0.5, results: { suites: [{ name: 'math', tests: [{ name: 'adds', status: 'passed' }, {}, { status: 'skipped', message: 'not yet' }] }] } });
    expect(statuses['unit-default-message']).toMatchObject({ status: true, message: '2 passed, 1 skipped in 0.5s' });
    expect(statuses['unit-fail']).toMatchObject({ status: false, message: '2 passed, 1 failed, 1 skipped in 0.5s; failed: math/divides', error: '1 test failed: math/divides' });
    expect(statuses['unit-fail']!.detail).toMatchObject({ failed: 1, suites: [{ tests: [{}, {}, {}, { name: 'divides', status: 'failed', message: 'expected 2, got 3' }] }] });
    expect(statuses['unit-fail-template']).toMatchObject({ status: false, message: 'math/divides: expected 2, got 3' });
    expect(statuses['unit-exit']!.status).toBe(false);
    expect(statuses['unit-exit']!.error).toMatch(/^the command exited with 3: 2 passed, 1 failed, 1 skipped/);
    expect(statuses['unit-nothing-written']).toMatchObject({ status: false, error: `no JUnit XML was written to ${stale}` });
    expect(statuses['unit-not-xml']!.error).toMatch(/r\.xml is not XML/);
  });
  it('keeps each suite as a check of its own: its status with every run, kept across syncs, gone when its suite is', async () => {
    const folder = await sharedFolder();
    // Each run may get another OS user (runs elsewhere on the machine hold the first): the results are anyone's to replace.
    const results = path.join(folder, 'results');
    await mkdir(results);
    await chmod(results, 0o777);
    const write = (strings: boolean) => `umask 000
cat > ${results}/math.xml <<'XML'
<testsuite name="math" time="0.3">${PASSING}</testsuite>
XML
${strings ? `cat > ${results}/strings.xml <<'XML'
<testsuite name="strings"><testcase name="trims" time="0.1"/><testcase name="pads"><error message="boom"/></testcase></testsuite>
XML` : `rm -f ${results}/strings.xml`}`;
    const spec = (strings: boolean) => ({ junit: [{ name: 'suites', testResults: results, script: write(strings) }] });
    const canaryId = await saveCanary(`junit-suites-${Date.now()}`, spec(true));
    const run = () => runOnce(server, sandbox, canaryId);
    await run();
    let statuses = await statusesOf(canaryId);
    expect(statuses['suites']).toMatchObject({ status: false, error: '1 test failed: strings/pads' });
    expect(statuses['suites/math']).toMatchObject({ status: true, message: '2 passed, 1 skipped in 0.3s' });
    expect(statuses['suites/strings']).toMatchObject({ status: false, message: '1 passed, 1 errors in 0.1s; failed: pads', error: '1 test failed: pads' });
    expect(statuses['suites/strings']!.detail).toMatchObject({ name: 'strings', passed: 1, error: 1, tests: [{ name: 'trims' }, { name: 'pads', status: 'error', message: 'boom' }] });
    const live = async () => (await server.pool.query<{ name: string }>('select name from checks where canary_id = $1 and deleted_at is null order by name', [canaryId])).rows.map((row) => row.name);
    expect(await live()).toEqual(['suites', 'suites/math', 'suites/strings']);

    // Saving the canary again keeps the suites' checks (and their history); Run Now on one points to its parent.
    await server.pool.query('update canaries set spec = $2 where id = $1', [canaryId, spec(false)]);
    await syncCanary(server.pool, canaryId);
    expect(await live()).toEqual(['suites', 'suites/math', 'suites/strings']);
    const { rows } = await server.pool.query<{ id: string }>("select id from checks where canary_id = $1 and name = 'suites/math'", [canaryId]);
    const runNow = await fetch(`${server.url}/api/canary/run/check/${rows[0]!.id}`, { method: 'POST', headers: { authorization: `Bearer ${await server.tokenFor(['admin'])}` } });
    expect(await runNow.json()).toMatchObject({ status: null, error: 'suites/math is written by the junit check suites: run that one' });

    // A suite the results no longer have is no longer a check.
    await run();
    statuses = await statusesOf(canaryId);
    expect(statuses['suites']).toMatchObject({ status: true, message: '2 passed, 1 skipped in 0.3s' });
    expect(await live()).toEqual(['suites', 'suites/math']);
    expect(await live()).not.toContain('suites/strings');
  });
});

describe('webhook checks', () => {
  it('takes pushed results with the check token: the test decides, the status is written and the check follows', async () => {
    const name = `deploys-${Date.now()}`;
    const canaryId = await saveCanary(name, {
      schedule: '@every 1h',
      webhook: { name, token: { value: 'hook-s3cret' }, test: { expr: "json.status == 'ok'" }, display: { template: 'version {{ .json.version }}' } },
      exec: [{ name: 'sibling', script: 'echo hi' }],
    });
    const { rows } = await server.pool.query<{ id: string }>("select id from checks where canary_id = $1 and type = 'webhook'", [canaryId]);
    const checkId = rows[0]!.id;
    const push = (key: string, body: string, headers: Record<string, string> = {}, query = '') =>
      fetch(`${server.url}/api/canary/webhook/${encodeURIComponent(key)}${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

    const ok = await push(name, JSON.stringify({ status: 'ok', version: '1.4.2' }), { 'webhook-token': 'hook-s3cret' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ message: 'ok', status: 'healthy', output: 'version 1.4.2' });
    let statuses = await statusesOf(canaryId);
    expect(statuses[name]).toMatchObject({ status: true, message: 'version 1.4.2', detail: { json: { status: 'ok' }, headers: { 'content-type': 'application/json' } } });
    expect(statuses[name]!.detail!['headers']).not.toHaveProperty('webhook-token');
    const check = async () => (await server.pool.query<{ status: string }>('select status from checks where id = $1', [checkId])).rows[0]!.status;
    expect(await check()).toBe('healthy');

    const down = await push(checkId, JSON.stringify({ status: 'down', version: '1.4.3' }), {}, '?token=hook-s3cret');
    expect(down.status).toBe(200);
    expect(await check()).toBe('unhealthy');
    statuses = await statusesOf(canaryId);
    expect(statuses[name]).toMatchObject({ status: false, message: 'version 1.4.3', error: "test json.status == 'ok' is false" });

    const bearer = await push(name, JSON.stringify({ status: 'ok' }), { authorization: 'Bearer hook-s3cret' });
    expect(bearer.status).toBe(200);

    const wrong = await push(name, JSON.stringify({ status: 'ok' }), { 'webhook-token': 'guess' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'invalid webhook token' });
    expect((await push(name, JSON.stringify({ status: 'ok' }))).status).toBe(401);
    const unknown = await push('no-such-webhook', '{}', { 'webhook-token': 'hook-s3cret' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'No webhook check no-such-webhook' });
    const broken = await push(name, '{"status": ', { 'webhook-token': 'hook-s3cret' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { message: string }).message).toMatch(/JSON/);
    const list = await push(name, '[1, 2]', { 'webhook-token': 'hook-s3cret' });
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject({ message: 'The body must be a JSON object' });
    expect(await check()).toBe('healthy');

    // The schedule runs the canary's other checks and leaves the pushed one alone.
    const before = (await server.pool.query('select 1 from check_statuses where check_id = $1', [checkId])).rowCount;
    await runOnce(server, sandbox, canaryId, 30_000);
    expect((await server.pool.query('select 1 from check_statuses where check_id = $1', [checkId])).rowCount).toBe(before);
    expect((await statusesOf(canaryId))['sibling']).toMatchObject({ status: true, message: 'hi' });
    // Run Now has nothing to run: it says where the results come from and leaves the check's state.
    const runNow = await fetch(`${server.url}/api/canary/run/check/${checkId}`, { method: 'POST', headers: { authorization: `Bearer ${await server.tokenFor(['admin'])}` } });
    expect(await runNow.json()).toMatchObject({ status: null, error: `webhook checks are not run by Pharos: their results are pushed to POST /api/canary/webhook/${name}` });
    expect(await check()).toBe('healthy');
  });

  it('a webhook without a token takes any push; a text body is its content', async () => {
    const name = `open-hook-${Date.now()}`;
    const canaryId = await saveCanary(name, { webhook: { name, test: { expr: "content.startsWith('build passed')" } } });
    const response = await fetch(`${server.url}/api/canary/webhook/${name}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'build passed in 3m' });
    expect(response.status).toBe(200);
    expect((await statusesOf(canaryId))[name]).toMatchObject({ status: true, detail: { content: 'build passed in 3m' } });
  });
});

describe('catalog checks', () => {
  it('selects configs by type, status, name, labels and tags; the test sees the results', async () => {
    const type = `Pharos::Item${Date.now()}`;
    const rows: [string, string, Record<string, string>, Record<string, string>][] = [
      ['web-1', 'Running', { app: 'web' }, { namespace: 'prod', cluster: 'east' }],
      ['web-2', 'Running', { app: 'web' }, { namespace: 'staging', cluster: 'east' }],
      ['db-1', 'Stopped', { app: 'db' }, { namespace: 'prod', cluster: 'west' }],
    ];
    for (const [name, status, labels, tags] of rows) {
      await server.pool.query('insert into configs (name, type, status, labels, tags, config) values ($1, $2, $3, $4, $5, $6)', [name, type, status, labels, tags, { replicas: 3 }]);
    }
    await server.pool.query("insert into configs (name, type, status, deleted_at) values ('web-0', $1, 'Running', now())", [type]);
    const statuses = await runSpec('catalog', {
      catalog: [
        { name: 'running', selector: [{ types: [type], statuses: ['Running'] }], test: { expr: 'size(results) == 2 && results[0].config.replicas == 3' } },
        { name: 'by-label', selector: [{ types: [type], labelSelector: 'app=db' }], test: { expr: "count == 1 && results[0].name == 'db-1'" } },
        { name: 'by-tag', selector: [{ types: [type], tagSelector: 'namespace=prod,cluster in (east)' }], display: { expr: 'results.map(r, r.name).join(", ")' } },
        { name: 'by-name', selector: { types: [type], name: 'web-*' }, test: { expr: 'count == 2' } },
        { name: 'not-stopped', selector: [{ types: [type], statuses: ['!Stopped'] }, { types: [type], name: 'db-1' }], test: { expr: 'count == 3' } },
        { name: 'none', selector: [{ types: [type], statuses: ['Pending'] }], test: { expr: 'size(results) > 0' } },
        { name: 'bad-selector', selector: [{ kinds: [type] }] },
      ],
    });
    expect(statuses['running']).toMatchObject({ status: true, message: '2 configs' });
    expect(statuses['by-label']).toMatchObject({ status: true, message: '1 config' });
    expect(statuses['by-tag']).toMatchObject({ status: true, message: 'web-1' });
    expect(statuses['by-name']).toMatchObject({ status: true });
    expect(statuses['not-stopped']).toMatchObject({ status: true, message: '3 configs' });
    expect(statuses['none']).toMatchObject({ status: false, error: 'test size(results) > 0 is false' });
    expect(statuses['bad-selector']).toMatchObject({ status: false, error: 'selector[0]: unknown field "kinds"' });
  });
});
