import { describe, expect, it, vi } from 'vitest';
import type { SettingsResource } from '../../api/settings-resources';
import { buildPayload, initialFormValues } from './payload';
import { settingsTableConfig } from './tables';

const connection: SettingsResource = {
  id: 'c1',
  name: 'db',
  namespace: 'default',
  type: 'postgres',
  url: 'postgres://db:5432/app',
  username: null,
  insecure_tls: false,
  properties: {},
  created_at: '2024-01-01T00:00:00Z',
};

describe('settings form values', () => {
  it('starts a new resource from the table defaults', () => {
    expect(initialFormValues(settingsTableConfig('topologies'))).toMatchObject({ namespace: 'default', source: 'UI', spec: '' });
    expect(initialFormValues(settingsTableConfig('teams'))).toMatchObject({ icon: 'group', namespace: '' });
    expect(initialFormValues(settingsTableConfig('config_scrapers'))).toMatchObject({ namespace: '', source: '' });
  });

  it('edits the columns of a table without a spec column as one document', () => {
    const values = initialFormValues(settingsTableConfig('connections'), connection);
    expect(values.spec).toBe('type: postgres\nurl: postgres://db:5432/app\ninsecure_tls: false\nproperties: {}\n');
    const { payload } = buildPayload(settingsTableConfig('connections'), { ...values, spec: 'type: mysql\nurl: mysql://x\nunknown: 1\n' }, false);
    expect(payload).toEqual({ type: 'mysql', url: 'mysql://x' });
  });

  it('sends name and namespace only for a new resource', () => {
    const config = settingsTableConfig('canaries');
    const values = { name: ' web ', namespace: '', icon: '', source: '', labels: 'a: b', spec: 'schedule: "@every 1m"' };
    expect(buildPayload(config, values, true).payload).toEqual({
      name: 'web',
      namespace: 'default',
      labels: { a: 'b' },
      spec: { schedule: '@every 1m' },
    });
    expect(buildPayload(config, values, false).payload).toEqual({ labels: { a: 'b' }, spec: { schedule: '@every 1m' } });
  });

  it('leaves out (and logs) labels or a spec that is not a YAML mapping', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const config = settingsTableConfig('canaries');
    const result = buildPayload(config, { name: 'x', namespace: 'n', icon: '', source: '', labels: '- a\n- b', spec: 'a: [' }, false);
    expect(result.payload).toEqual({});
    expect(result.ignored).toEqual(['labels', 'spec']);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
