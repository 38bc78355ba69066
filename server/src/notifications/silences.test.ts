import { describe, expect, it } from 'vitest';
import { readSelectors, selectorMatches, SilenceError } from './silences.js';
import type { Subject } from './types.js';

const check: Subject = {
  type: 'check',
  id: '11111111-1111-1111-1111-111111111111',
  name: 'payments-api',
  labels: { env: 'prod', team: 'payments' },
  canaryId: '22222222-2222-2222-2222-222222222222',
  variables: { canary: { id: '22222222-2222-2222-2222-222222222222', name: 'shop', labels: { tier: 'gold' } } },
};

describe('silence selectors', () => {
  it('pick a subject by type, id, name glob and label selector, all of them', () => {
    expect(selectorMatches({ type: 'check', name: 'payments-*', labels: 'env in (prod,staging),team' }, check)).toBe(true);
    expect(selectorMatches({ id: check.id! }, check)).toBe(true);
    expect(selectorMatches({ type: 'config', name: 'payments-*' }, check)).toBe(false);
    expect(selectorMatches({ name: 'payments-*', labels: 'env!=prod' }, check)).toBe(false);
  });

  it('of type canary pick the checks of that canary', () => {
    expect(selectorMatches({ type: 'canary', name: 'shop', labels: 'tier=gold' }, check)).toBe(true);
    expect(selectorMatches({ type: 'canary', id: '33333333-3333-3333-3333-333333333333' }, check)).toBe(false);
  });

  it('are refused when they cannot be read or select nothing', () => {
    expect(() => readSelectors({})).toThrow(SilenceError);
    expect(() => readSelectors([{ type: 'pod' }])).toThrow('selectors[0].type must be one of check, config, component, canary');
    expect(() => readSelectors([{ id: 'x' }])).toThrow('selectors[0].id must be a uuid');
    expect(() => readSelectors([{ labels: 'env in prod' }])).toThrow(/^selectors\[0\]\.labels: /);
    expect(() => readSelectors([{}])).toThrow('selectors[0] selects nothing: give a type, id, name or labels');
  });
});
