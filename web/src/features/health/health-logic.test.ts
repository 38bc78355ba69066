import { describe, expect, it } from 'vitest';
import { filterChecks } from './check-filter';
import { aggregateChecks, groupKeyOf, nameInGroup } from './check-groups';
import { includedValues, labelFilter, labelKeysOf, withIncludedValues, withLabelState } from './check-labels';
import { pivotChecks } from './check-pivot';
import { buildRows, type HealthRow } from './check-rows';
import { DEFAULT_SORT } from './check-sort';
import { checksInTab, tabsOf } from './check-tabs';
import { describeTimeRange, HEALTH_TIME_RANGES, summaryStart, timeRangeKeyOf } from './health-time-range';
import { aCheck } from './testing/checks';

const checkout = aCheck({ id: 'c1', name: 'web/checkout', canary_name: 'shop', status: 'unhealthy', endpoint: 'https://shop/checkout', labels: { tier: 'web', critical: 'true' }, uptime: { passed: 9, failed: 1 }, latency: { p95: 300, p97: 310, p99: 320, rolling1h: 200 }, last_transition_time: '2026-11-25T09:30:00Z' });
const catalog = aCheck({ id: 'c2', name: 'web/catalog', canary_name: 'shop', description: 'Product pages', labels: { tier: 'web', critical: 'false' } });
const ledger = aCheck({ id: 'c3', name: 'ledger', canary_name: 'bank', namespace: 'finance', type: 'postgres', status: 'unhealthy', labels: { tier: 'db' }, agent_id: 'a-remote' });
const queue = aCheck({ id: 'c4', name: 'queue', canary_name: 'bank', namespace: 'finance', type: 'redis', status: null, uptime: { passed: 0, failed: 0 }, latency: { p95: null, p97: null, p99: null, rolling1h: null } });
const ALL = [checkout, catalog, ledger, queue];

const names = (rows: readonly HealthRow[]) => rows.map((row) => (row.kind === 'group' ? `[${row.group.key}${row.expanded ? ' open' : ''}]` : `${row.depth ? '  ' : ''}${row.title}`));

describe('label filters', () => {
  it('lists every label key with its values, boolean when they are only true and false', () => {
    expect(labelKeysOf(ALL)).toEqual([
      { key: 'critical', values: ['false', 'true'], boolean: true },
      { key: 'tier', values: ['db', 'web'], boolean: false },
    ]);
  });

  it('includes any chosen value of a key, requires every key, and lets an exclusion win', () => {
    const pass = (labels: string) => ALL.filter(labelFilter(labels)).map((check) => check.id);
    expect(pass('')).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(pass('tier=web:1')).toEqual(['c1', 'c2']);
    expect(pass('tier=web:1,tier=db:1')).toEqual(['c1', 'c2', 'c3']);
    expect(pass('tier=web:1,critical=true:1')).toEqual(['c1']);
    expect(pass('critical=true:-1')).toEqual(['c2', 'c3', 'c4']);
    expect(pass('tier=web:1,critical=true:-1')).toEqual(['c2']);
  });

  it('writes the three states and the multi-select choice into the labels parameter', () => {
    let labels = withLabelState('', 'critical=true', 1);
    expect(labels).toBe('critical=true:1');
    labels = withLabelState(labels, 'critical=true', -1);
    expect(labels).toBe('critical=true:-1');
    labels = withIncludedValues(labels, 'tier', ['web', 'db']);
    expect(labels).toBe('critical=true:-1,tier=web:1,tier=db:1');
    expect(includedValues(labels, 'tier')).toEqual(['web', 'db']);
    labels = withIncludedValues(labels, 'tier', []);
    expect(withLabelState(labels, 'critical=true', 0)).toBe('');
  });
});

describe('filters and search', () => {
  it('hides passing checks when asked', () => {
    expect(filterChecks(ALL, { hidePassing: true, query: '', labels: '' }).map((check) => check.id)).toEqual(['c1', 'c3', 'c4']);
  });

  it('searches description, canary name, endpoint and name, ignoring case', () => {
    const search = (query: string) => filterChecks(ALL, { hidePassing: false, query, labels: '' }).map((check) => check.id);
    expect(search('PRODUCT')).toEqual(['c2']);
    expect(search('bank')).toEqual(['c3', 'c4']);
    expect(search('shop/checkout')).toEqual(['c1']);
    expect(search('ledg')).toEqual(['c3']);
    expect(search('nothing like it')).toEqual([]);
  });
});

describe('Group By', () => {
  it('groups by canary, name before the first slash, description, type and label value', () => {
    expect(ALL.map((check) => groupKeyOf(check, 'canary_name'))).toEqual(['shop', 'shop', 'bank', 'bank']);
    expect(ALL.map((check) => groupKeyOf(check, 'name'))).toEqual(['web', 'web', 'ledger', 'queue']);
    expect(nameInGroup(checkout, 'name')).toBe('checkout');
    expect(ALL.map((check) => groupKeyOf(check, 'description'))).toEqual(['Others', 'Product pages', 'Others', 'Others']);
    expect(ALL.map((check) => groupKeyOf(check, 'type'))).toEqual(['http', 'http', 'postgres', 'redis']);
    expect(ALL.map((check) => groupKeyOf(check, 'tier'))).toEqual(['web', 'web', 'db', 'Others']);
  });

  it('aggregates a group: mixed health, summed uptime, the worst latency and the latest transition', () => {
    expect(aggregateChecks([checkout, catalog])).toEqual({ status: 'mixed', uptime: { passed: 19, failed: 1 }, latency: 300, last_transition_time: '2026-11-25T09:30:00Z' });
    expect(aggregateChecks([ledger, queue]).status).toBe('unhealthy');
    expect(aggregateChecks([queue]).status).toBeNull();
  });

  it('shows closed groups, failing first, a group of one as its check, and the checks of an open group', () => {
    const closed = buildRows(ALL, { groupBy: 'canary_name', sort: DEFAULT_SORT, isExpanded: () => false });
    expect(names(closed)).toEqual(['[bank]', '[shop]']);
    const byType = buildRows(ALL, { groupBy: 'type', sort: DEFAULT_SORT, isExpanded: () => false });
    expect(names(byType)).toEqual(['ledger', '[http]', 'queue']);
    const open = buildRows(ALL, { groupBy: 'name', sort: DEFAULT_SORT, isExpanded: (key) => key === 'web' });
    expect(names(open)).toEqual(['ledger', '[web open]', '  checkout', '  catalog', 'queue']);
    const plain = buildRows(ALL, { groupBy: 'no-group', sort: { id: 'name', desc: true }, isExpanded: () => false });
    expect(names(plain)).toEqual(['web/checkout', 'web/catalog', 'queue', 'ledger']);
  });

  it('sorts groups by their aggregate', () => {
    const byLatency = buildRows(ALL, { groupBy: 'canary_name', sort: { id: 'latency', desc: true }, isExpanded: () => true });
    expect(names(byLatency)).toEqual(['[shop open]', '  web/checkout', '  web/catalog', '[bank open]', '  ledger', '  queue']);
  });
});

describe('Tab By', () => {
  it('offers All first, then each namespace, agent or label value with its count, and keeps a tab’s checks', () => {
    expect(tabsOf(ALL, 'namespace')).toEqual([
      { value: 'All', count: 4 },
      { value: 'default', count: 2 },
      { value: 'finance', count: 2 },
    ]);
    expect(tabsOf(ALL, 'agent').map((tab) => tab.value)).toEqual(['All', '00000000-0000-0000-0000-000000000000', 'a-remote']);
    expect(tabsOf(ALL, 'tier')).toEqual([
      { value: 'All', count: 4 },
      { value: 'db', count: 1 },
      { value: 'web', count: 2 },
    ]);
    expect(checksInTab(ALL, 'namespace', 'finance').map((check) => check.id)).toEqual(['c3', 'c4']);
    expect(checksInTab(ALL, 'namespace', 'All')).toHaveLength(4);
  });
});

describe('pivot', () => {
  it('spreads the checks of each group over a column per value, checks without one under Other', () => {
    const pivot = pivotChecks(ALL, { pivotBy: 'labels', pivotLabel: 'tier', groupBy: 'canary_name', sort: DEFAULT_SORT });
    expect(pivot.columns).toEqual(['db', 'web', 'Other']);
    expect(pivot.rows.map((row) => row.key)).toEqual(['bank', 'shop']);
    const bank = pivot.rows[0]!;
    expect(bank.cells.get('db')?.map((check) => check.id)).toEqual(['c3']);
    expect(bank.cells.get('Other')?.map((check) => check.id)).toEqual(['c4']);
    expect(pivot.rows[1]!.cells.get('web')?.map((check) => check.id)).toEqual(['c1', 'c2']);
    const byNamespace = pivotChecks(ALL, { pivotBy: 'namespace', pivotLabel: null, groupBy: 'no-group', sort: { id: 'name', desc: false } });
    expect(byNamespace.columns).toEqual(['default', 'finance']);
    expect(byNamespace.rows.map((row) => row.key)).toEqual(['ledger', 'queue', 'web/catalog', 'web/checkout']);
  });
});

describe('time range', () => {
  it('offers the ranges of spec 1 section 9 and asks the summary in units the server reads', () => {
    expect(HEALTH_TIME_RANGES.map((range) => range.range)).toEqual(['15m', '1h', '2h', '3h', '6h', '12h', '1d', '2d', '3d', '1w', '2w', '3w', '1mo', '2mo', '3mo', '6mo', '1y', '2y', '3y', '5y']);
    expect(describeTimeRange('15m')).toBe('Last 15 minutes');
    expect(describeTimeRange('1h')).toBe('Last 1 hour');
    expect(describeTimeRange('2mo')).toBe('Last 2 months');
    expect(summaryStart('1w')).toBe('1w');
    expect(summaryStart('1mo')).toBe('30d');
    expect(summaryStart('1y')).toBe('360d');
  });

  it('turns an absolute range into the shortest key that reaches back to its start', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(timeRangeKeyOf({ type: 'relative', display: 'Last 3 hours', range: '3h' }, now)).toBe('3h');
    expect(timeRangeKeyOf({ type: 'absolute', display: '', from: '2026-11-23T13:00:00Z', to: '2026-11-24T00:00:00Z' }, now)).toBe('2d');
  });
});
