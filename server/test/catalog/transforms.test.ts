import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractItems, type CelEvaluator } from '../../src/catalog/extract.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import type { ScriptRunners } from '../../src/catalog/transform-script.js';

/**
 * The fields every scraper kind shares, over real documents, with CEL running in the expression
 * sandbox: JSONPath and literal selectors, items, dates, and transform expr, exclude and mask.
 */

let sandbox: ExpressionSandbox;
let cel: CelEvaluator;
let scripts: ScriptRunners;

beforeAll(() => {
  sandbox = new ExpressionSandbox();
  cel = (expression, variables) => sandbox.evaluateCel(expression, variables);
  scripts = { javascript: (script, config) => sandbox.runJavascript(script, config), jsonpath: (path, json) => sandbox.selectJsonPath(path, json) };
});

afterAll(async () => {
  await sandbox?.close();
});

const document = {
  cluster: 'prod',
  databases: [
    { id: 'db-1', engine: 'postgres', password: 'hunter2', created: '2025-03-01T10:00:00Z', dropped: null, lastSeen: '2026-01-01T00:00:00Z' },
    { id: 'db-2', engine: 'mysql', password: 'swordfish', created: '2025-04-01T10:00:00Z', dropped: '2026-02-01T00:00:00Z', lastSeen: '2026-01-01T00:00:00Z' },
  ],
};

describe('shared scraper fields', () => {
  it('select items, ids, names, types and dates with JSONPath, and keep literals as they are', async () => {
    const { items, errors } = await extractItems(
      { items: '$.databases[*]', id: '$.id', name: '$.id', type: 'Database::Instance', class: '$.engine', createFields: ['$.created'], deleteFields: ['$.dropped'], labels: { engine: '$.engine', tier: 'gold' } },
      [{ document, source: 'inventory.json' }],
    );
    expect(errors).toEqual([]);
    expect(items.map((item) => [item.externalId, item.type, item.configClass, item.labels])).toEqual([
      ['db-1', 'Database::Instance', 'postgres', { engine: 'postgres', tier: 'gold' }],
      ['db-2', 'Database::Instance', 'mysql', { engine: 'mysql', tier: 'gold' }],
    ]);
    expect(items[0]!.createdAt?.toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(items[0]!.deletedAt).toBeNull();
    expect(items[1]!.deletedAt?.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('drop excluded fields (for the listed types only) and mask secrets with md5sum or a text, where the CEL selector says', async () => {
    const { items, errors } = await extractItems(
      {
        items: '$.databases[*]',
        id: '$.id',
        type: 'Database::Instance',
        class: '$.engine',
        transform: {
          exclude: [{ jsonpath: '$.lastSeen' }, { jsonpath: '$.created', types: ['Other::Type'] }],
          mask: [
            { selector: "config_class == 'postgres'", jsonpath: '$.password', value: 'md5sum' },
            { selector: "config_class == 'mysql'", jsonpath: '$.password', value: '******' },
          ],
        },
      },
      [{ document, source: 'inventory.json' }],
      cel,
    );
    expect(errors).toEqual([]);
    expect(items[0]!.config).toEqual({ id: 'db-1', engine: 'postgres', password: createHash('md5').update('hunter2').digest('hex'), created: '2025-03-01T10:00:00Z', dropped: null });
    expect(items[1]!.config).toMatchObject({ password: '******' });
    expect(items[1]!.config).not.toHaveProperty('lastSeen');
    expect(document.databases[0]!.password).toBe('hunter2');
  });

  it('replace each document with what transform.expr answers', async () => {
    const { items, errors } = await extractItems(
      {
        id: '$.id',
        name: '$.name',
        type: 'Database::Engine',
        transform: { expr: "toJSON(config.databases.map(d, {'id': d.engine, 'name': d.engine + ' on ' + config.cluster}))" },
      },
      [{ document, source: 'inventory.json' }],
      cel,
    );
    expect(errors).toEqual([]);
    expect(items.map((item) => [item.externalId, item.name, item.config])).toEqual([
      ['postgres', 'postgres on prod', { id: 'postgres', name: 'postgres on prod' }],
      ['mysql', 'mysql on prod', { id: 'mysql', name: 'mysql on prod' }],
    ]);
  });

  it('say which input and selector failed', async () => {
    const { items, errors } = await extractItems({ id: '$.missing', type: 'X::Y' }, [{ document, source: 'inventory.json' }]);
    expect(items).toEqual([]);
    expect(errors).toEqual(['inventory.json: no id: $.missing selects nothing']);
    const expression = await extractItems({ id: '$.id', type: 'X::Y', transform: { expr: 'config.nope +' } }, [{ document, source: 'inventory.json' }], cel);
    expect(expression.errors).toHaveLength(1);
    expect(expression.errors[0]).toMatch(/^inventory\.json: /);
  });

  it('run javascript in QuickJS in an expression process, without the server: a runaway loop is stopped without holding the event loop, and Node.js is not there', async () => {
    const spec = (javascript: string) => ({ id: '$.id', type: 'X::Y', transform: { javascript } });
    const ok = await extractItems(spec('JSON.stringify(config.databases.map(function (d) { return { id: d.id.toUpperCase() }; }))'), [{ document, source: 'inventory.json' }], undefined, { scripts });
    expect(ok.items.map((item) => item.externalId)).toEqual(['DB-1', 'DB-2']);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 50);
    const loop = await extractItems(spec('while (true) {}'), [{ document, source: 'inventory.json' }], undefined, { scripts });
    clearInterval(ticker);
    expect(loop.errors).toEqual(['inventory.json: the script ran longer than 2000 ms']);
    // The script ran in its process: the server's event loop went on meanwhile.
    expect(ticks).toBeGreaterThan(20);
    const escape = await extractItems(spec("typeof process === 'undefined' && typeof require === 'undefined' ? JSON.stringify({id: 'sealed'}) : JSON.stringify({id: 'open'})"), [{ document, source: 'inventory.json' }], undefined, { scripts });
    expect(escape.items.map((item) => item.externalId)).toEqual(['sealed']);
    const hungry = await extractItems(spec("var a = []; while (true) a.push('x'.repeat(1000000) + a.length);"), [{ document, source: 'inventory.json' }], undefined, { scripts });
    expect(hungry.errors).toHaveLength(1);
    // Whichever limit stops it first: QuickJS's memory, the script's time, or (on a busy machine) the expression process's time.
    expect(hungry.errors[0]).toMatch(/^inventory\.json: (InternalError: out of memory|the script ran longer than 2000 ms|the expression took longer than \d+ ms and was stopped)$/);
    const thrown = await extractItems(spec("throw new Error('no such field')"), [{ document, source: 'inventory.json' }], undefined, { scripts });
    expect(thrown.errors).toEqual(['inventory.json: Error: no such field']);
  });

  it('select the items with a jsonpath transform', async () => {
    const { items } = await extractItems({ id: '$.id', type: 'X::Y', transform: { jsonpath: '$.databases[?(@.engine == "mysql")]' } }, [{ document, source: 'inventory.json' }], undefined, { scripts });
    expect(items.map((item) => item.externalId)).toEqual(['db-2']);
  });
});
