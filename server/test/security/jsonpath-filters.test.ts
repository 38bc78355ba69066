import { describe, expect, it } from 'vitest';
import { extractItems } from '../../src/catalog/extract.js';

/**
 * The JSONPaths of a scraper's fields (`id`, `name`, `labels`, `transform.exclude` …) are evaluated by
 * the server itself for every scraped item, so their filters may compare values but not call
 * functions: `.match(/(a+)+$/)` held the event loop for 40 s and `.repeat(1e8)` filled memory.
 * Such a filter fails the item with the way round it, at once; plain comparisons work as before.
 */

const document = { items: [{ id: 'a-1', name: `${'a'.repeat(30)}!`, kind: 'Pod', path: 'a/b' }, { id: 'b-1', name: 'b', kind: 'Service', path: 'c' }] };
const source = 'inventory.json';

describe('JSONPath filters in scraper fields', () => {
  it('refuse calls and regular expressions at once, saying what to use instead', async () => {
    for (const filter of ['@.name.match(/^(a+)+$/)', "@.name.repeat(100000000).length > 1", "@['name']['repeat'](10)"]) {
      const started = performance.now();
      const { items, errors } = await extractItems({ items: `$.items[?(${filter})]`, id: '$.id', type: 'X::Y' }, [{ document, source }]);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(items).toEqual([]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`the filter ${filter} calls a function or uses a regular expression; filters of these fields may only compare values (use transform.expr in CEL for more)`);
    }
  });

  it('keep comparisons, grouping and strings that contain slashes', async () => {
    const { items, errors } = await extractItems(
      { items: "$.items[?(@.path == 'a/b' && (@.kind == 'Pod' || @.kind == 'batch/v1'))]", id: '$.id', type: 'X::Y', name: '$.kind' },
      [{ document, source }],
    );
    expect(errors).toEqual([]);
    expect(items.map((item) => [item.externalId, item.name])).toEqual([['a-1', 'Pod']]);
  });
});
