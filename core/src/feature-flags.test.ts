import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  disabledFeatures,
  disablingFlag,
  featureFlagName,
  featureParent,
  isFeature,
  isFeatureEnabled,
  type Feature,
} from './feature-flags.js';

const flag = (name: string, value: string | null = 'true') => ({ name, value });

describe('feature tree', () => {
  it('lists the seven features and fifteen settings areas', () => {
    expect(FEATURES).toHaveLength(22);
    expect(FEATURES.filter((f) => f.startsWith('settings.'))).toHaveLength(15);
    for (const f of ['topology', 'health', 'incidents', 'config', 'logs', 'playbooks', 'agents']) {
      expect(isFeature(f)).toBe(true);
    }
    expect(isFeature('settings')).toBe(false);
  });

  it('has exactly the four parent links of the spec', () => {
    const links = FEATURES.filter((f) => featureParent(f) !== undefined).map((f) => [f, featureParent(f)]);
    expect(links).toEqual([
      ['settings.config_scraper', 'config'],
      ['settings.topology', 'topology'],
      ['settings.health', 'health'],
      ['settings.job_history', 'health'],
    ]);
  });

  it('names the flag {feature}.disable', () => {
    expect(featureFlagName('settings.job_history')).toBe('settings.job_history.disable');
  });
});

describe('disabled features', () => {
  it('nothing is disabled without flags', () => {
    expect(disabledFeatures([]).size).toBe(0);
    for (const f of FEATURES) expect(isFeatureEnabled(f, [])).toBe(true);
  });

  it('a flag with value true disables its feature only', () => {
    const props = [flag('incidents.disable')];
    expect([...disabledFeatures(props)]).toEqual(['incidents']);
    expect(isFeatureEnabled('incidents', props)).toBe(false);
    expect(isFeatureEnabled('logs', props)).toBe(true);
  });

  it('a disabled parent disables its children', () => {
    const health = [flag('health.disable')];
    expect(new Set(disabledFeatures(health))).toEqual(new Set<Feature>(['health', 'settings.health', 'settings.job_history']));
    expect(isFeatureEnabled('settings.job_history', health)).toBe(false);
    expect(isFeatureEnabled('settings.topology', health)).toBe(true);

    expect(isFeatureEnabled('settings.config_scraper', [flag('config.disable')])).toBe(false);
    expect(isFeatureEnabled('settings.topology', [flag('topology.disable')])).toBe(false);
  });

  it('a disabled child leaves its parent enabled', () => {
    const props = [flag('settings.health.disable')];
    expect(isFeatureEnabled('settings.health', props)).toBe(false);
    expect(isFeatureEnabled('health', props)).toBe(true);
    expect(isFeatureEnabled('settings.job_history', props)).toBe(true);
  });

  it('values other than "true" do not disable', () => {
    for (const value of ['false', 'TRUE', 'True', 'yes', '1', '', ' true', null]) {
      expect(isFeatureEnabled('logs', [flag('logs.disable', value)])).toBe(true);
    }
  });

  it('ignores unrelated and unknown property names', () => {
    const props = [flag('logs'), flag('logs.enable'), flag('unknown.disable'), flag('logs.disable.extra')];
    expect(disabledFeatures(props).size).toBe(0);
  });
});

describe('the flag that disables a feature', () => {
  it('names the feature\'s own flag, or the disabled ancestor\'s', () => {
    expect(disablingFlag('incidents', [flag('incidents.disable')])).toBe('incidents.disable');
    expect(disablingFlag('settings.job_history', [flag('health.disable')])).toBe('health.disable');
    expect(disablingFlag('settings.job_history', [flag('settings.job_history.disable')])).toBe('settings.job_history.disable');
  });

  it('names none while the feature is on', () => {
    expect(disablingFlag('incidents', [])).toBeUndefined();
    expect(disablingFlag('incidents', [flag('incidents.disable', 'false'), flag('logs.disable')])).toBeUndefined();
  });
});
