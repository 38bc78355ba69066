import { describe, expect, it } from 'vitest';
import { configText } from './config-text';
import { tabOfPath, tabPath } from './detail-tabs';
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
