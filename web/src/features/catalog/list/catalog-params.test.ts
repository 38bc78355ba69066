import { describe, expect, it } from 'vitest';
import {
  groupByOptions,
  parseKeyValueFilters,
  readCatalogParams,
  serializeKeyValueFilters,
  showsFlatTable,
  summaryFilterMap,
  summaryRowDrillDown,
} from './catalog-params';

describe('catalog params', () => {
  it('reads every parameter with the defaults of spec 2 (type asc, grouped by config_class,type)', () => {
    const params = readCatalogParams(new URLSearchParams(''));
    expect(params).toMatchObject({ search: '', sortBy: 'type', sortOrder: 'asc', groupBy: ['config_class', 'type'], groupByParam: [], configType: '', labels: [], tags: [] });
    expect(showsFlatTable(params)).toBe(false);
    expect(showsFlatTable(readCatalogParams(new URLSearchParams('configType=Shop::Service')))).toBe(true);
    expect(showsFlatTable(readCatalogParams(new URLSearchParams('search=api')))).toBe(true);
    // A grouping asked for within a type keeps the summary.
    expect(showsFlatTable(readCatalogParams(new URLSearchParams('configType=Shop::Service&groupBy=region__tag')))).toBe(false);
  });

  it('reads and writes labels key__:__value and tags key____value with include, exclude and escaped commas', () => {
    const labels = parseKeyValueFilters('team__:__platform:1,owner__:__a\\,b:-1,bare__:__x', '__:__');
    expect(labels).toEqual([
      { key: 'team', value: 'platform', state: 1 },
      { key: 'owner', value: 'a,b', state: -1 },
      { key: 'bare', value: 'x', state: 1 },
    ]);
    expect(serializeKeyValueFilters(labels, '__:__')).toBe('team__:__platform:1,owner__:__a\\,b:-1,bare__:__x:1');
    expect(parseKeyValueFilters('region____eu:-1', '____')).toEqual([{ key: 'region', value: 'eu', state: -1 }]);
    expect(summaryFilterMap(labels)).toEqual({ team: 'platform', owner: '!a\\,b', bare: 'x' });
  });

  it('offers tag groupings and leaves type and config_class out under a configType', () => {
    expect(groupByOptions('', ['region', 'zone', 'region'])).toEqual(['config_class', 'type', 'status', 'health', 'namespace', 'agent_id', 'region__tag', 'zone__tag']);
    expect(groupByOptions('Shop::Service', ['region'])).toEqual(['status', 'health', 'namespace', 'agent_id', 'region__tag']);
  });

  it('drills down from a summary row: its type as configType, its tag groups as tags, labels kept, groupBy cleared', () => {
    const params = readCatalogParams(new URLSearchParams('groupBy=type,region__tag&labels=team__:__platform:1'));
    expect(summaryRowDrillDown({ type: 'Shop::Service', region__tag: 'eu', count: 3 }, params)).toEqual({
      configType: 'Shop::Service',
      labels: 'team__:__platform:1',
      tags: 'region____eu:1',
      groupBy: null,
    });
  });
});
