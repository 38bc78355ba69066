import { readdirSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogTest } from '../catalog/helpers.js';
import { Ledger } from './support/ledger.js';

/**
 * config-db's own example ScrapeConfigs (its fixtures/, copied with the data files they read in
 * fixtures/config-db, see the README there), applied through POST /api/apply and scraped once as the
 * engine scrapes them, from a folder holding config-db's fixtures/ as its tests do: the config items
 * and changes they make must be those config-db's expected/*.json (or the example itself) give.
 */

const FIXTURES = fileURLToPath(new URL('./fixtures/config-db/', import.meta.url));
const env = catalogTest('pharos-conformance-config-db-');
const ledger = new Ledger('config-db fixtures');
let todos: Server;
let todosUrl: string;

interface Item {
  type: string;
  config_class: string;
  external_id: string;
  name: string | null;
  config: unknown;
  created_at: Date;
  deleted_at: Date | null;
}

interface Change {
  external_id: string;
  change_type: string;
  summary: string | null;
}

interface Scraped {
  items: Item[];
  changes: Change[];
  errors: string[];
}

interface ScrapeExample {
  /** Under fixtures/config-db/fixtures/. */
  file: string;
  change?: string;
  rewrite?: (yaml: string) => string;
  /** How what it scraped differs from what config-db documents (nothing when it does not). */
  expected?: (scraped: Scraped) => Promise<string[]> | string[];
  unsupported?: string;
  skip?: string;
}

/** config-db's expected/{name}.json: the items, by id, with their type, class, name and config. */
async function asExpected(name: string, scraped: Scraped): Promise<string[]> {
  const expected = JSON.parse(await readFile(path.join(FIXTURES, 'fixtures/expected', name), 'utf8')) as Array<{ id: string; config_type: string; config_class: string; name?: string; config: unknown }>;
  const found: string[] = [];
  if (scraped.items.length !== expected.length) found.push(`${scraped.items.length} items, expected ${expected.length}`);
  for (const item of expected) {
    const actual = scraped.items.find((candidate) => candidate.external_id === item.id);
    if (!actual) {
      found.push(`no item ${item.id} (items: ${scraped.items.map((candidate) => candidate.external_id).join(', ')})`);
      continue;
    }
    if (actual.type !== item.config_type || actual.config_class !== item.config_class) found.push(`${item.id}: type ${actual.type}/${actual.config_class}, expected ${item.config_type}/${item.config_class}`);
    if (item.name !== undefined && actual.name !== item.name) found.push(`${item.id}: name ${actual.name}, expected ${item.name}`);
    if (JSON.stringify(sorted(actual.config)) !== JSON.stringify(sorted(item.config))) found.push(`${item.id}: config ${JSON.stringify(actual.config)}, expected ${JSON.stringify(item.config)}`);
  }
  return found;
}

/** A JSON value with its keys in order, to compare. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, sorted(inner)]));
  return value;
}

function itemsOf(scraped: Scraped, expected: Array<{ id: string; type: string; name?: string }>): string[] {
  const named = expected.some((item) => item.name !== undefined);
  const found = scraped.items.map((item) => `${item.type} ${item.external_id}${named && item.name ? ` ${item.name}` : ''}`).sort();
  const wanted = expected.map((item) => `${item.type} ${item.id}${item.name ? ` ${item.name}` : ''}`).sort();
  return JSON.stringify(found) === JSON.stringify(wanted) ? [] : [`items ${found.join('; ')}, expected ${wanted.join('; ')}`];
}

const KUBERNETES = 'needs a Kubernetes cluster';

const EXAMPLES: ScrapeExample[] = [
  { file: 'file-local.yaml', expected: (scraped) => itemsOf(scraped, [{ id: 'eu-west-1', type: 'eu-west-1' }]) },
  {
    file: 'file-local-creation-date.yaml',
    expected: (scraped) => {
      const item = scraped.items[0];
      if (!item) return ['no item'];
      const found = itemsOf(scraped, [{ id: 'eu-west-1', type: 'eu-west-1' }]);
      if (item.created_at.toISOString() !== '2017-03-06T21:04:11.000Z') found.push(`created_at ${item.created_at.toISOString()}, expected made_at 2017-03-06T21:04:11Z`);
      if (item.deleted_at?.toISOString() !== '2017-04-04T15:04:05.000Z') found.push(`deleted_at ${item.deleted_at?.toISOString()}, expected 2017-04-04T15:04:05Z`);
      return found;
    },
  },
  {
    file: 'file-car.yaml',
    expected: (scraped) => {
      const found = itemsOf(scraped, [{ id: 'A123', type: 'Car' }]);
      if (JSON.stringify(sorted(scraped.items[0]?.config)) !== JSON.stringify(sorted({ reg_no: 'A123', color: 'red', top_speed_mile: 120, cylinders: 8 }))) found.push(`config ${JSON.stringify(scraped.items[0]?.config)}`);
      return found;
    },
  },
  {
    file: 'file-car-change.yaml',
    expected: (scraped) => {
      const found = itemsOf(scraped, [{ id: 'A123', type: 'Car' }]);
      // config-db's test: the item's one change is stored (it has an action, and no change_type).
      if (scraped.changes.length !== 1 || scraped.changes[0]!.external_id !== 'A123' || scraped.changes[0]!.summary !== 'car color changed to blue') found.push(`changes ${JSON.stringify(scraped.changes)}, expected the one change of A123: car color changed to blue`);
      return found;
    },
  },
  { file: 'file-mask.yaml', expected: (scraped) => asExpected('file-mask.json', scraped) },
  { file: 'file-postgres-properties.yaml', expected: (scraped) => asExpected('file-postgres-properties.json', scraped) },
  { file: 'file-script-gotemplate.yaml', expected: (scraped) => asExpected('file-script-gotemplate.json', scraped) },
  { file: 'file-script.yaml', expected: (scraped) => asExpected('file-script.json', scraped) },
  { file: 'file-exclusion.yaml', expected: (scraped) => asExpected('file-exclusion.json', scraped) },
  {
    file: 'exec-simple.yaml',
    expected: (scraped) => itemsOf(scraped, [{ id: 'i-1234567890abcdef0', type: 'AWS::EC2::Instance', name: 'web-server-1' }, { id: 'i-0987654321fedcba0', type: 'AWS::EC2::Instance', name: 'db-server-1' }]),
  },
  { file: 'exec-yaml-output.yaml', expected: (scraped) => itemsOf(scraped, [{ id: 'production-cluster', type: 'Kubernetes::Cluster', name: 'production-cluster' }]) },
  {
    file: 'exec-nodejs.yaml',
    expected: (scraped) => (scraped.items.length >= 2 && scraped.items.every((item) => item.type === 'AWS::RDS::DBInstance') && scraped.items.some((item) => item.external_id === 'production-postgres') ? [] : [`items ${JSON.stringify(scraped.items.map((item) => item.external_id))}`]),
  },
  {
    file: 'sql.yaml',
    skip: 'no outcome is documented: config-db makes its only column (database) the item, in which `items: .database` selects nothing, and its tests do not run this example (it also needs PostgreSQL as postgres:postgres on localhost:5432)',
  },
  {
    file: 'http-scraper.yaml',
    change: 'https://jsonplaceholder.typicode.com/todos → a loopback server answering 20 todos in the same shape',
    rewrite: (yaml) => yaml.replace('https://jsonplaceholder.typicode.com/todos', todosUrl),
    expected: (scraped) => itemsOf(scraped, Array.from({ length: 10 }, (_, index) => ({ id: String(index + 1), type: 'Todo::Task', name: `todo ${index + 1}` }))),
  },
  { file: 'exec-env-transform.yaml', skip: `${KUBERNETES}: an env value is a Kubernetes Secret (api-credentials)` },
  { file: 'exec-python.yaml', skip: `${KUBERNETES}: runs kubectl with a Kubernetes connection` },
  { file: 'file-git.yaml', skip: 'clones github.com/flanksource/canary-checker from the internet' },
];

beforeAll(async () => {
  await cp(FIXTURES, env.dir, { recursive: true });
  todos = createServer((request, response) => {
    const list = Array.from({ length: 20 }, (_, index) => ({ userId: 1, id: index + 1, title: `todo ${index + 1}`, completed: index % 2 === 0 }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => todos.listen(0, '127.0.0.1', resolve));
  todosUrl = `http://127.0.0.1:${(todos.address() as AddressInfo).port}/todos`;
});

afterAll(async () => {
  console.log(`${ledger.report()}\n${ledger.addToRun(inject('testRunId'))}`);
  await new Promise((resolve) => todos?.close(resolve));
});

async function scrape(example: ScrapeExample): Promise<Scraped> {
  const yaml = await readFile(path.join(FIXTURES, 'fixtures', example.file), 'utf8');
  const [id] = await env.apply(example.rewrite ? example.rewrite(yaml) : yaml);
  const run = await env.run(id!);
  const { rows: items } = await env.server.pool.query<Item>('select type, config_class, external_id, name, config, created_at, deleted_at from configs where scraper_id = $1 order by external_id', [id]);
  const { rows: changes } = await env.server.pool.query<Change>(
    'select c.external_id, ch.change_type, ch.summary from config_changes ch join configs c on c.id = ch.config_id where c.scraper_id = $1',
    [id],
  );
  return { items, changes, errors: run.errors.map((error) => (typeof error === 'string' ? error : JSON.stringify(error))) };
}

/** The target share of examples behaving as upstream (all of them do). */
const MINIMUM_RATE = 98;

describe("config-db's example ScrapeConfigs", () => {
  it.concurrent.each(EXAMPLES.map((example) => [example.file, example] as const))('%s scrapes what config-db documents', async (file, example) => {
    if (example.skip) return ledger.record(file, 'skipped', example.skip);
    const scraped = await scrape(example);
    const mismatches = [...scraped.errors.map((error) => `scrape error: ${error}`), ...(await example.expected!(scraped))];
    if (mismatches.length === 0) return ledger.record(file, 'conforms', example.unsupported ? `now behaves as upstream: drop its marker (${example.unsupported})` : undefined);
    ledger.record(file, 'fails', `${example.unsupported ? `unsupported: ${example.unsupported} — ` : ''}${mismatches.join('; ')}`);
    if (!example.unsupported) expect(mismatches).toEqual([]);
  });

  it('has an entry for every ScrapeConfig copied in its folder', () => {
    expect(EXAMPLES.map((example) => example.file).sort()).toEqual(readdirSync(path.join(FIXTURES, 'fixtures')).filter((file) => file.endsWith('.yaml')).sort());
  });

  it('behave as upstream in at least the measured share of the examples whose systems exist here', () => {
    // Every example was judged before the rate is read (the examples run concurrently, this test after them).
    expect(ledger.size).toBe(EXAMPLES.length);
    expect(ledger.rate().percent).toBeGreaterThanOrEqual(MINIMUM_RATE);
  });
});
