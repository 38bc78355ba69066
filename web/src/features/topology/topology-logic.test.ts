import { describe, expect, it } from 'vitest';
import { aComponent } from './testing/components';
import { componentPath, readTopologyFilters, resolveSort, topologyQueryOf } from './topology-params';
import { parseCardWidth, widthOfSizeParam } from './topology-preferences';
import { sortChildren, sortComponents, sortOptionsOf } from './topology-sort';

const search = (text: string) => new URLSearchParams(text);
const NONE = { sortBy: null, sortOrder: null };

describe('topology parameters', () => {
  it('reads the filters, treating All as none and showHiddenComponents as yes or no', () => {
    expect(readTopologyFilters(search('labels=env%3Dprod&team=web&type=API&status=warning&agent_id=All&refererId=r1&showHiddenComponents=yes'))).toEqual({
      labels: 'env=prod',
      team: 'web',
      type: 'API',
      status: 'warning',
      agentId: '',
      refererId: 'r1',
      showHidden: true,
    });
    expect(readTopologyFilters(search('showHiddenComponents=no')).showHidden).toBe(false);
    expect(readTopologyFilters(search('')).showHidden).toBe(false);
  });

  it('sorts by the URL, else the stored choice, else status desc', () => {
    expect(resolveSort(search(''), NONE)).toEqual({ sortBy: 'status', sortOrder: 'desc' });
    expect(resolveSort(search(''), { sortBy: 'name', sortOrder: 'asc' })).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(resolveSort(search('sortBy=type&sortOrder=desc'), { sortBy: 'name', sortOrder: 'asc' })).toEqual({ sortBy: 'type', sortOrder: 'desc' });
    expect(resolveSort(search('sortOrder=sideways'), NONE)).toEqual({ sortBy: 'status', sortOrder: 'desc' });
  });

  it('asks GET /api/topology for the filters, flattening when a type is chosen', () => {
    const filters = readTopologyFilters(search('type=API&team=web&labels=env%3Dprod&status=unhealthy&agent_id=a1&showHiddenComponents=yes'));
    expect(topologyQueryOf('c1', filters, { sortBy: 'name', sortOrder: 'asc' })).toEqual({
      id: 'c1',
      type: 'API',
      flatten: true,
      team: 'web',
      labels: 'env=prod',
      status: 'unhealthy',
      agent_id: 'a1',
      hidden: true,
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(topologyQueryOf(undefined, readTopologyFilters(search('')), { sortBy: 'status', sortOrder: 'desc' })).toEqual({ sortBy: 'status', sortOrder: 'desc' });
  });

  it("links a component keeping the page's parameters", () => {
    expect(componentPath('c 1', search('team=web&sortBy=name'))).toBe('/topology/c%201?team=web&sortBy=name');
    expect(componentPath('c1', '')).toBe('/topology/c1');
  });
});

describe('card widths', () => {
  it('keeps a stored width within the presets and the slider, else extra_large', () => {
    expect(parseCardWidth(null)).toBe(554);
    expect(parseCardWidth(198)).toBe(198);
    expect(parseCardWidth(600)).toBe(600);
    expect(parseCardWidth(5000)).toBe(554);
    expect(parseCardWidth('wide')).toBe(554);
  });

  it('reads the size parameter as a preset or pixels', () => {
    expect(widthOfSizeParam(null)).toBe(554);
    expect(widthOfSizeParam('small')).toBe(198);
    expect(widthOfSizeParam('medium')).toBe(258);
    expect(widthOfSizeParam('large')).toBe(356);
    expect(widthOfSizeParam('400px')).toBe(400);
    expect(widthOfSizeParam('huge')).toBe(554);
  });
});

describe('sorting components', () => {
  const list = [
    aComponent({ id: '1', name: 'b', status: 'healthy', type: 'Z', updated_at: '2026-11-03T00:00:00Z', properties: [{ name: 'rps', value: 10, headline: true }] }),
    aComponent({ id: '2', name: 'a', status: 'info', type: 'Y', updated_at: '2026-11-01T00:00:00Z', properties: [{ name: 'rps', value: 30, headline: true }] }),
    aComponent({ id: '3', name: 'c', status: 'unhealthy', type: 'X', updated_at: '2026-11-02T00:00:00Z' }),
    aComponent({ id: '4', name: 'd', status: 'warning', type: 'X', updated_at: '2026-11-04T00:00:00Z', properties: [{ name: 'rps', value: 20, headline: true }] }),
  ];
  const names = (components: readonly { name: string }[]) => components.map((component) => component.name);

  it('by health: unhealthy, warning, healthy, info (desc) and back (asc)', () => {
    expect(names(sortComponents(list, 'status', 'desc'))).toEqual(['c', 'd', 'b', 'a']);
    expect(names(sortComponents(list, 'status', 'asc'))).toEqual(['a', 'b', 'd', 'c']);
  });

  it('by name, type (ties by name), last updated and a headline property (without it last)', () => {
    expect(names(sortComponents(list, 'name', 'asc'))).toEqual(['a', 'b', 'c', 'd']);
    expect(names(sortComponents(list, 'type', 'asc'))).toEqual(['c', 'd', 'a', 'b']);
    expect(names(sortComponents(list, 'updated_at', 'desc'))).toEqual(['d', 'b', 'c', 'a']);
    expect(names(sortComponents(list, 'rps', 'desc'))).toEqual(['a', 'd', 'b', 'c']);
    expect(names(sortComponents(list, 'rps', 'asc'))).toEqual(['b', 'd', 'a', 'c']);
  });

  it('offers the headline properties after the four built-in sorts', () => {
    expect(sortOptionsOf(list).map((option) => option.label)).toEqual(['Health', 'Name', 'Type', 'Last Updated', 'rps']);
  });

  it('lists children unhealthy and warning first, then by name', () => {
    expect(names(sortChildren(list))).toEqual(['c', 'd', 'a', 'b']);
  });
});
