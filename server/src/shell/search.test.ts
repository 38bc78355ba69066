import type { Resource, Role } from '@pharos/core';
import { describe, expect, it } from 'vitest';
import { LabelSelectorError, parseLabelSelector } from './label-selector.js';
import { parseSearchRequest } from './search-request.js';
import { containsPattern, kindQuery, readableKinds } from './search.js';

describe('parseLabelSelector', () => {
  it('reads every requirement kind', () => {
    expect(parseLabelSelector('app=web, tier==front,env!=prod,team,!legacy,zone in (a, b),region notin (x)')).toEqual([
      { key: 'app', op: 'eq', value: 'web' },
      { key: 'tier', op: 'eq', value: 'front' },
      { key: 'env', op: 'neq', value: 'prod' },
      { key: 'team', op: 'exists' },
      { key: 'legacy', op: 'absent' },
      { key: 'zone', op: 'in', values: ['a', 'b'] },
      { key: 'region', op: 'notin', values: ['x'] },
    ]);
  });

  it('accepts prefixed keys and empty values, and nothing for a blank selector', () => {
    expect(parseLabelSelector('app.kubernetes.io/name=web,empty=')).toEqual([
      { key: 'app.kubernetes.io/name', op: 'eq', value: 'web' },
      { key: 'empty', op: 'eq', value: '' },
    ]);
    expect(parseLabelSelector('  ')).toEqual([]);
  });

  it.each(['a=b,', 'a b', '=b', 'a in (b', 'a in b)', 'a in ((b))', 'a=b c'])('refuses %j', (selector) => {
    expect(() => parseLabelSelector(selector)).toThrow(LabelSelectorError);
  });
});

describe('readableKinds', () => {
  it('keeps the kinds whose resource the roles may read', () => {
    const onlyTopologies = (_roles: readonly Role[], resource: Resource) => resource === 'topologies';
    expect(readableKinds(['viewer'], onlyTopologies)).toEqual(['components']);
    const noDatabase = (_roles: readonly Role[], resource: Resource) => resource !== 'database';
    expect(readableKinds(['viewer'], noDatabase)).toEqual(['checks', 'components']);
    expect(readableKinds([], () => false)).toEqual([]);
  });

  it('lets every role of the matrix read checks, components and configs', () => {
    for (const roles of [['admin'], ['editor'], ['viewer'], ['commander'], ['responder'], []] as Role[][]) {
      expect(readableKinds(roles)).toEqual(['checks', 'components', 'configs']);
    }
  });
});

describe('parseSearchRequest', () => {
  it('searches every kind with a term alone, and defaults the limit to 50', () => {
    const parsed = parseSearchRequest({ search: '  api ' });
    expect(parsed.search).toBe('api');
    expect(parsed.limit).toBe(50);
    expect([...parsed.kinds.keys()]).toEqual(['checks', 'components', 'configs']);
  });

  it('searches only the kinds with selectors when some have them', () => {
    const parsed = parseSearchRequest({ configs: [{ types: ['Kubernetes::Pod', '!AWS::EC2'] }], checks: [], search: 'x', limit: 200 });
    expect([...parsed.kinds.keys()]).toEqual(['configs']);
    expect(parsed.kinds.get('configs')).toEqual([{ types: ['Kubernetes::Pod'], excludedTypes: ['AWS::EC2'], labels: [] }]);
    expect(parsed.limit).toBe(200);
  });

  it('treats null fields as absent', () => {
    const parsed = parseSearchRequest({ search: null, limit: null, checks: [{ name: null, types: null, id: null }] });
    expect(parsed.limit).toBe(50);
    expect(parsed.kinds.get('checks')).toEqual([{ types: [], excludedTypes: [], labels: [] }]);
  });
});

describe('kindQuery', () => {
  it('keeps every value out of the SQL text', () => {
    const hostile = "x' or 1=1 --";
    const parsed = parseSearchRequest({
      checks: [{ name: hostile, namespace: hostile, types: [hostile], agent: hostile, labelSelector: `k=${hostile.replace(/[\s']/g, '')}`, search: hostile }],
      search: hostile,
    });
    const { text, values } = kindQuery('checks', parsed.kinds.get('checks') ?? [], parsed.search, parsed.limit);
    expect(text).not.toContain('1=1');
    expect(values).toContain(hostile);
    expect(values).toContain(containsPattern(hostile));
    expect(values.at(-1)).toBe(50);
  });

  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
