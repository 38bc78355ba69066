import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { runCli } from '../support/cli.js';
import { freshDatabase, type FreshDatabase } from '../support/server.js';
import { BROKEN, fixture, FIXTURES, VALID_FILES } from './corpus.js';

let database: FreshDatabase;
let pool: pg.Pool;
let env: Record<string, string>;

beforeAll(async () => {
  database = await freshDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  env = { DATABASE_URL: database.url, PHAROS_SECRET_KEY: 'apply-cli-test-key-of-at-least-32-characters' };
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const pharos = (args: string[], input?: string) => runCli(args, env, 60_000, input);

describe('pharos apply, get and delete', () => {
  it('applies a directory of every kind, each linked to its file, and again changes nothing', async () => {
    const first = await pharos(['apply', '-f', `${FIXTURES}valid`]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines).toContain('Canary default/http-pass created');
    expect(lines).toContain('Connection monitoring/prometheus created');
    const { rows } = await pool.query<{ source: string }>("select source from canaries where name = 'http-pass' and deleted_at is null");
    expect(rows).toEqual([{ source: `ConfigFile=${FIXTURES}valid/canary.yaml` }]);
    expect(VALID_FILES).toContain('canary.yaml');

    const second = await pharos(['apply', '-f', `${FIXTURES}valid/canary.yaml`, '-f', `${FIXTURES}valid/topology.yaml`]);
    expect(second.stdout.trim().split('\n')).toEqual([
      'Canary default/http-pass unchanged',
      'Canary default/http-expressions unchanged',
      'Topology default/cluster unchanged',
    ]);
  });

  it('reads standard input, and gets a resource back as YAML in the shape it was written', async () => {
    const canary = fixture('valid/canary.yaml').replace('name: http-pass', 'name: from-stdin').split('---')[0]!;
    const applied = await pharos(['apply', '-f', '-'], canary);
    expect(applied.stdout).toBe('Canary default/from-stdin created\n');
    const { rows } = await pool.query<{ source: string }>("select source from canaries where name = 'from-stdin'");
    expect(rows).toEqual([{ source: 'ConfigFile' }]);

    const yaml = await pharos(['get', 'canary', 'from-stdin']);
    expect(yaml.code).toBe(0);
    expect(parse(yaml.stdout)).toEqual(parse(canary));
    const json = await pharos(['get', 'Playbook', '-o', 'json']);
    const list = JSON.parse(json.stdout) as { kind: string; items: { metadata: { name: string } }[] };
    expect(list.items.map((item) => item.metadata.name)).toEqual(['restart-deployment', 'scale-deployment']);
    const all = await pharos(['get', 'playbooks']);
    expect(parseAllDocuments(all.stdout).map((document) => document.toJS() as unknown)).toEqual(list.items);
  });

  it('refuses broken documents with file, line, path and reason, and saves nothing', async () => {
    const before = await pool.query('select count(*) from canaries');
    const files = BROKEN.flatMap(({ file }) => ['-f', `${FIXTURES}broken/${file}`]);
    const result = await pharos(['apply', ...files, '-f', `${FIXTURES}valid/canary.yaml`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    // Problems found by reading come first; unknown-person.yaml is refused only when saving, after them.
    for (const { file, index, line, path, reason } of BROKEN.filter(({ file }) => file !== 'unknown-person.yaml')) {
      const prefix = `${FIXTURES}broken/${file}:${line}: document ${index}${path ? `, ${path}` : ''}: `;
      const found = lines.find((candidate) => candidate.startsWith(prefix));
      expect(found, prefix).toBeDefined();
      expect(found!.slice(prefix.length)).toMatch(reason);
    }
    expect(lines.at(-1)).toMatch(/^pharos: nothing was applied: \d+ problems$/);
    expect((await pool.query('select count(*) from canaries')).rows).toEqual(before.rows);

    const person = await pharos(['apply', '-f', `${FIXTURES}broken/unknown-person.yaml`]);
    expect(person.code).toBe(1);
    expect(person.stderr).toContain(`${FIXTURES}broken/unknown-person.yaml:17: document 1, /spec/to/person: no person has the id or verified email nobody-here@example.com`);
    expect(await pool.query("select 1 from canaries where name = 'before-unknown-person'")).toHaveProperty('rowCount', 0);
  });

  it('deletes what a file names, and get then says it is gone', async () => {
    const deleted = await pharos(['delete', '-f', `${FIXTURES}valid/canary.yaml`]);
    expect(deleted.stdout.trim().split('\n')).toEqual(['Canary default/http-pass deleted', 'Canary default/http-expressions deleted']);
    const gone = await pharos(['get', 'Canary', 'http-pass']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('pharos: no Canary is named http-pass');
    const unknown = await pharos(['get', 'Widget']);
    expect(unknown.stderr).toMatch(/pharos: unknown kind Widget: one of Canary, Topology/);
  });
});
