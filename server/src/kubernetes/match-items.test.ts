import { describe, expect, it } from 'vitest';
import { matchItems } from './match-items.js';

describe('matchItems', () => {
  it('matches names, globs and exclusions as Flanksource MatchItems does', () => {
    expect(matchItems('kube-system', ['kube-*', '!*lease'])).toBe(true);
    expect(matchItems('kube-node-lease', ['kube-*', '!*lease'])).toBe(false);
    expect(matchItems('default', ['kube-*'])).toBe(false);
    expect(matchItems('default', ['!kube-*'])).toBe(true);
    expect(matchItems('web-7d4b9-x2k8p', ['web-*-x2k8p'])).toBe(true);
  });

  it('does not count case, so config-db lists kinds in lower case', () => {
    expect(matchItems('CustomResourceDefinition', ['customresourcedefinition'])).toBe(true);
    expect(matchItems('BackOff', ['backoff'])).toBe(true);
    expect(matchItems('FailedMount', ['failed*'])).toBe(true);
    expect(matchItems('Secret', ['!secret'])).toBe(false);
  });
});
