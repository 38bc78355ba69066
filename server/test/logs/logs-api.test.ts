import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { applyBackend, insertComponent, saveBackend, searchLogs, unique } from './helpers.js';

/** POST /api/logs's requests and errors, and the checks applying a LoggingBackend makes. */

let server: TestServer;
let admin: string;
let viewer: string;
let folder: string;
let backend: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(['admin']);
  viewer = await server.tokenFor(['viewer']);
  folder = await mkdtemp(path.join(os.tmpdir(), 'pharos-logs-api-'));
  process.env['PHAROS_LOG_DIRS'] = folder;
  const now = Date.now();
  await writeFile(path.join(folder, 'many.log'), Array.from({ length: 1500 }, (_, i) => `${new Date(now - 100_000 + i * 10).toISOString()} line ${i}`).join('\n'));
  backend = unique('api-files');
  await saveBackend(server, admin, backend, { file: { paths: [path.join(folder, '*.log')] } });
});

afterAll(async () => {
  delete process.env['PHAROS_LOG_DIRS'];
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('POST /api/logs', () => {
  it('needs a signed-in caller', async () => {
    const response = await fetch(`${server.url}/api/logs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: backend }) });
    expect(response.status).toBe(401);
  });

  it('refuses a request it cannot read, saying why', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'id (a component with logs) or name (a log backend) is required'],
      [{ id: 'web-1' }, "id 'web-1' is not a component id (a UUID)"],
      [{ name: backend, start: 'yesterday-ish' }, "start 'yesterday-ish' is not a time: a range like 15m, 1h or 2d, now-1h, or an ISO time"],
      [{ name: backend, start: '1h', end: '2h' }, 'start must not be after end'],
      [{ name: backend, limit: 0 }, 'limit must be a whole number from 1'],
      [{ name: backend, labels: { level: 3 } }, 'labels must be an object of names to strings'],
      [{ name: backend, page: 'bm90IGEgcGFnZQ' }, 'page is not a nextPage of this log search: start again without page'],
    ];
    for (const [body, message] of cases) {
      expect(await searchLogs(server, viewer, body), JSON.stringify(body)).toEqual({ status: 400, body: expect.objectContaining({ message }) });
    }
  });

  it('answers 404 for an unknown component, selector or backend, and 400 for a component without logs', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    expect(await searchLogs(server, viewer, { id: missing })).toEqual({ status: 404, body: expect.objectContaining({ message: `No component with id ${missing}` }) });
    const quiet = await insertComponent(server, [], 'quiet-service');
    expect(await searchLogs(server, viewer, { id: quiet })).toEqual({ status: 400, body: expect.objectContaining({ message: 'Component quiet-service has no logs: its topology gives it no log selector' }) });
    const component = await insertComponent(server, [{ name: 'app', backend }, { name: 'audit', backend: 'no-such-backend' }], 'two-selectors');
    expect(await searchLogs(server, viewer, { id: component, name: 'nginx' })).toEqual({ status: 404, body: expect.objectContaining({ message: 'Component two-selectors has no log selector named nginx: its selectors are app, audit' }) });
    expect(await searchLogs(server, viewer, { id: component, name: 'audit' })).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'No log backend named no-such-backend: add it on /settings/logging_backends or with pharos apply (kind LoggingBackend)' }),
    });
    const first = await searchLogs(server, viewer, { id: component, limit: 1 });
    expect(first.body.results.map((line) => line.message)).toEqual([expect.stringMatching(/ line 1499$/)]);
  });

  it('caps the page at 1000 lines and defaults to 100', async () => {
    expect((await searchLogs(server, viewer, { name: backend, limit: 5000 })).body.results).toHaveLength(1000);
    expect((await searchLogs(server, viewer, { name: backend })).body.results).toHaveLength(100);
  });

  it('reads files only inside the folders PHAROS_LOG_DIRS names, links followed', async () => {
    const outside = unique('outside');
    await saveBackend(server, admin, outside, { file: { paths: ['/etc/hostname'] } });
    expect(await searchLogs(server, viewer, { name: outside })).toEqual({ status: 400, body: expect.objectContaining({ message: `/etc/hostname is outside the folders log backends may read (PHAROS_LOG_DIRS: ${folder})` }) });
    await symlink('/etc/hostname', path.join(folder, 'hostname.log'));
    const linked = unique('linked');
    await saveBackend(server, admin, linked, { file: { paths: [path.join(folder, 'hostname.log')] } });
    expect((await searchLogs(server, viewer, { name: linked })).status).toBe(400);
    await rm(path.join(folder, 'hostname.log'));
  });

  it('refuses through the data service a backend without a kind, with labels that are not text, or missing what its kind needs', async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${server.url}/api/db/logging_backends`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const refusals: [Record<string, unknown>, string][] = [
      [{ name: unique('no-kind'), spec: {} }, "The log backend's spec is not valid: one of file, postgres, loki, opensearch, elasticsearch, kubernetes is required"],
      [{ name: unique('no-spec') }, "The log backend's spec is not valid: one of file, postgres, loki, opensearch, elasticsearch, kubernetes is required"],
      [{ name: unique('nested'), spec: { loki: { url: 'http://loki:3100' } }, labels: { team: { name: 'ops' } } }, 'labels must be a mapping of names to text: team is not text'],
      [{ name: unique('no-paths'), spec: { file: { format: 'plain' } } }, "The log backend's spec is not valid: file.paths: paths is required: the files or globs to read, e.g. /var/log/app/*.log"],
    ];
    for (const [body, message] of refusals) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const names = refusals.map(([body]) => body['name']);
    expect((await server.pool.query('select name from logging_backends where name = any($1)', [names])).rows).toEqual([]);
    const validName = unique('valid');
    const valid = await post({ name: validName, spec: { loki: { url: 'http://loki:3100' } }, labels: { team: 'ops' } });
    expect(valid.status).toBe(201);
    const [saved] = (await server.pool.query<{ id: string }>('select id from logging_backends where name = $1', [validName])).rows;
    const emptied = await fetch(`${server.url}/api/db/logging_backends?id=eq.${saved!.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ spec: {} }),
    });
    expect(emptied.status).toBe(400);
  });

  it('says what is wrong with a backend saved without the checks of apply', async () => {
    const name = unique('broken');
    // Saved before the data service checked backends.
    await server.pool.query('insert into logging_backends (name, spec) values ($1, $2)', [name, { file: { format: 'xml' } }]);
    expect(await searchLogs(server, viewer, { name })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: `Log backend ${name} is not valid: file.paths: paths is required: the files or globs to read, e.g. /var/log/app/*.log; file.format: format must be plain or json` }),
    });
  });
});

describe('applying a LoggingBackend', () => {
  it('refuses a spec without a kind, or with a kind missing what it needs, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, '/spec', 'one of file, postgres, loki, opensearch, elasticsearch, kubernetes is required'],
      [{ loki: { url: 'http://a:3100' }, file: { paths: ['/x'] } }, '/spec/loki', 'only one of file, loki may be given'],
      [{ loki: {} }, '/spec/loki/url', 'url or connection is required'],
      [{ file: { paths: ['logs/*.log'] } }, '/spec/file/paths/0', 'logs/*.log is not an absolute path'],
      [{ file: { paths: ['/var/log/a.log'], pattern: '([' } }, '/spec/file/pattern', expect.stringMatching(/^pattern is not a regular expression/)],
      [{ file: { paths: ['/var/log/a.log'], layout: 'yesterday' } }, '/spec/file/layout', expect.stringMatching(/^layout yesterday is not known/)],
      [{ postgres: { query: 'select 1' } }, '/spec/postgres/query', "query needs a connection: Pharos's own database is read through table only"],
      [{ postgres: { table: 'logs; drop table people' } }, '/spec/postgres/table', 'table logs; drop table people must be a name or schema.name'],
      [{ opensearch: { url: 'http://search:9200' } }, '/spec/opensearch/index', 'index is required, e.g. logs-*'],
    ];
    for (const [spec, field, reason] of cases) {
      const response = await applyBackend(server, admin, unique('invalid'), spec);
      expect(response.status, JSON.stringify(spec)).toBe(400);
      const body = (await response.json()) as { problems: { path: string; reason: string }[] };
      expect(body.problems, JSON.stringify(spec)).toContainEqual(expect.objectContaining({ path: field, reason }));
    }
  });

  it('saves a valid one, and a viewer may search but not write it', async () => {
    const name = unique('valid');
    expect((await applyBackend(server, admin, name, { loki: { url: 'http://loki:3100' } })).status).toBe(200);
    expect((await applyBackend(server, viewer, unique('viewer'), { loki: { url: 'http://loki:3100' } })).status).toBe(403);
    const { rows } = await server.pool.query('select spec, source from logging_backends where name = $1 and deleted_at is null', [name]);
    expect(rows).toEqual([{ spec: { loki: { url: 'http://loki:3100' } }, source: 'ConfigFile' }]);
  });
});
