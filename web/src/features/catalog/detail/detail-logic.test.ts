import { describe, expect, it } from 'vitest';
import { configText } from './config-text';
import { tabOfPath, tabPath } from './detail-tabs';
import { playbookMayApplyToConfig, type ConfigForMatch } from './playbook-config-match';
import { clickLine, formatSelected, parseSelected } from './selected-lines';

describe('selected lines', () => {
  it('reads the parameter as sorted unique line numbers, dropping anything else', () => {
    expect(parseSelected('9,3,3, 4,x,0,-2,1.5')).toEqual([3, 4, 9]);
    expect(parseSelected(null)).toEqual([]);
    expect(formatSelected([9, 3, 4])).toBe('3,4,9');
    expect(formatSelected([])).toBeNull();
  });

  it('toggles a clicked line and adds the range from the anchor on shift-click', () => {
    expect(clickLine([3], 5, false, 3)).toEqual([3, 5]);
    expect(clickLine([3, 5], 3, false, 5)).toEqual([5]);
    expect(clickLine([3], 6, true, 3)).toEqual([3, 4, 5, 6]);
    expect(clickLine([10], 7, true, 10)).toEqual([7, 8, 9, 10]);
    expect(clickLine([], 2, true, null)).toEqual([2]);
  });
});

describe('config text', () => {
  it('shows a structure as indented JSON or YAML, and text content as it is', () => {
    expect(configText({ a: 1, b: [true] }, 'json')).toEqual({ text: '{\n  "a": 1,\n  "b": [\n    true\n  ]\n}', language: 'json', switchable: true });
    expect(configText({ a: 1, b: [true] }, 'yaml')).toEqual({ text: 'a: 1\nb:\n  - true\n', language: 'yaml', switchable: true });
    expect(configText('<a/>', 'json')).toMatchObject({ text: '<a/>', switchable: false });
  });
});

describe('tab routes', () => {
  it('maps tabs to /catalog/{id}[/{tab}] and back', () => {
    expect(tabPath('c 1', 'config')).toBe('/catalog/c%201');
    expect(tabPath('c1', 'checks')).toBe('/catalog/c1/checks');
    expect(tabOfPath('/catalog/c1')).toBe('config');
    expect(tabOfPath('/catalog/c1/insights/')).toBe('insights');
    expect(tabOfPath('/catalog/config')).toBe('config');
  });
});

describe('playbooks for a config', () => {
  const config: ConfigForMatch = {
    id: 'c1',
    name: 'checkout',
    type: 'Shop::Service',
    status: 'Running',
    health: 'healthy',
    agent_id: '00000000-0000-0000-0000-000000000000',
    labels: { team: 'payments' },
    tags: { namespace: 'shop', env: 'prod' },
  };
  const applies = (...configs: unknown[]) => playbookMayApplyToConfig({ configs }, config);

  it('match on id, name, namespace, search, types, statuses, health, labels, tags and the local agent', () => {
    expect(applies({ types: ['Shop::Service'] })).toBe(true);
    expect(applies({ types: ['Shop::Database'] })).toBe(false);
    expect(applies({ types: ['!Shop::Service'] })).toBe(false);
    expect(applies({ name: 'checkout', namespace: 'shop' })).toBe(true);
    expect(applies({ namespace: 'default' })).toBe(false);
    expect(applies({ id: 'c2' })).toBe(false);
    expect(applies({ search: 'CHECK' })).toBe(true);
    expect(applies({ statuses: ['Stopped'] })).toBe(false);
    expect(applies({ health: ['healthy', 'warning'] })).toBe(true);
    expect(applies({ labelSelector: 'team=payments' })).toBe(true);
    expect(applies({ labelSelector: 'team!=payments' })).toBe(false);
    expect(applies({ tagSelector: 'env=dev' })).toBe(false);
    expect(applies({ labelSelector: 'team in (payments,search)' })).toBe(true);
    expect(applies({ agent: 'local' })).toBe(true);
    expect(applies({ agent: '11111111-1111-1111-1111-111111111111' })).toBe(false);
  });

  it('apply when any selector matches, never without configs', () => {
    expect(applies({ types: ['Shop::Database'] }, { name: 'checkout' })).toBe(true);
    expect(playbookMayApplyToConfig({ checks: [{ name: 'x' }] }, config)).toBe(false);
    expect(playbookMayApplyToConfig(null, config)).toBe(false);
  });
});
