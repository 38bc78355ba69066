import { describe, expect, it } from 'vitest';
import { redactedUrl, targetsOf } from './recipients.js';
import type { LiveRule } from './rules.js';

const rule = (fields: Partial<LiveRule>): LiveRule => ({
  id: 'n1',
  name: 'rule',
  namespace: 'default',
  title: null,
  events: ['check.failed'],
  filter: null,
  person_id: null,
  team_id: null,
  custom_services: null,
  repeat_interval: null,
  group_by_topology: false,
  group_window: null,
  template: null,
  properties: null,
  person_email: null,
  team_name: null,
  team_spec: null,
  ...fields,
});

describe('recipients of a rule', () => {
  it('are the person by e-mail, each channel of the team and each custom service, once each', () => {
    const targets = targetsOf(
      rule({
        person_id: 'p1',
        person_email: 'alice@example.com',
        team_id: 't1',
        team_name: 'ops',
        team_spec: { notifications: [{ connection: 'connection://default/slack' }, { url: 'slack://xoxb:secret@alerts?color=good' }, { nothing: true }] },
        custom_services: [{ name: 'mail', url: 'mailto:oncall@example.com' }, { name: 'again', url: 'mailto:oncall@example.com' }, { name: 'hook', url: 'https://hooks.example.com/x?token=abc', properties: { titleKey: 'summary' } }],
        properties: { priority: 'high' },
      }),
    );
    expect(targets.map((target) => [target.key, target.kind])).toEqual([
      ['alice@example.com', 'email'],
      ['team ops: connection://default/slack', 'connection'],
      ['team ops: slack://alerts', 'url'],
      ['oncall@example.com', 'email'],
      ['https://hooks.example.com/x', 'url'],
    ]);
    expect(targets[4]!.properties).toEqual({ priority: 'high', titleKey: 'summary' });
  });

  it('leave out a person without an e-mail and a team without channels', () => {
    expect(targetsOf(rule({ person_id: 'p1', team_id: 't1', team_name: 'ops', team_spec: {} }))).toEqual([]);
  });

  it('keep no credentials of a service URL in its key', () => {
    expect(redactedUrl('smtp://user:pass@mail.example.com:587/?to=a@example.com')).toBe('smtp://mail.example.com:587/');
    expect(redactedUrl('generic+https://hooks.example.com/p')).toBe('generic+https://hooks.example.com/p');
  });
});
