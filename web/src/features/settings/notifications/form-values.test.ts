import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formValuesOf, payloadOf, validate, withRecipientType, withScriptType } from './form-values';
import { APPLIED, detailOf, RULE } from './test-data';

describe('notification form values', () => {
  it('reads a saved rule back: its recipient tab and script type', () => {
    expect(formValuesOf(detailOf(RULE))).toMatchObject({ recipientType: 'Team', team_id: 't-ops', scriptType: 'Go Template', template: 'Check {{ .check.name }} failed' });
    expect(formValuesOf(detailOf(APPLIED))).toMatchObject({ recipientType: 'Person', person_id: 'p-grace', scriptType: 'None' });
    const others = formValuesOf({ ...detailOf(RULE), team_id: null, custom_services: [{ connection: 'connection://slack/alerts', name: 'alerts' }] });
    expect(others.recipientType).toBe('Others');
    const expr = formValuesOf({ ...detailOf(RULE), template: 'check.name', properties: { template_type: 'expr', channel: '#ops' } });
    expect(expr).toMatchObject({ scriptType: 'Expr', properties: '{\n  "channel": "#ops"\n}' });
  });

  it('clears the other recipients and the previous script on a switch', () => {
    const values = { ...formValuesOf(detailOf(RULE)), custom_services: [{ name: 'x' }] };
    expect(withRecipientType(values, 'Person')).toMatchObject({ recipientType: 'Person', person_id: '', team_id: '', custom_services: [] });
    expect(withRecipientType(values, 'Team')).toBe(values);
    expect(withScriptType(values, 'JSONPath')).toMatchObject({ scriptType: 'JSONPath', template: '' });
  });

  it('writes absent recipients as null on update only', () => {
    const values = { ...EMPTY_FORM, events: ['check.failed'], person_id: 'p-1' };
    expect(payloadOf(values, 'create')).toEqual({ events: ['check.failed'], title: null, filter: null, person_id: 'p-1', repeat_interval: null, group_by_topology: false, group_window: null, template: null, properties: null });
    expect(payloadOf(values, 'update')).toMatchObject({ person_id: 'p-1', team_id: null, custom_services: null });
  });

  it('requires events and properties as a JSON object of text', () => {
    expect(validate(EMPTY_FORM)).toEqual({ events: 'This field is required' });
    expect(validate({ ...EMPTY_FORM, events: ['check.failed'], properties: '[1]' })).toEqual({ properties: 'Properties must be a JSON object of text values' });
    expect(validate({ ...EMPTY_FORM, events: ['check.failed'], properties: '{"a": "b"}' })).toEqual({});
  });

  it('takes a group window the server takes, leading zeros included, and refuses one it refuses', () => {
    const grouping = { ...EMPTY_FORM, events: ['check.failed'], group_by_topology: true };
    for (const window of ['30s', ' 5m ', '05m', '1 h', '']) expect(validate({ ...grouping, group_window: window }), window).toEqual({});
    for (const window of ['5 minutes', '0s', '00m', '1d', '-1m']) {
      expect(validate({ ...grouping, group_window: window }), window).toEqual({ group_window: 'Enter a whole number of seconds, minutes or hours, such as 30s, 5m or 1h' });
    }
  });
});
