import { describe, expect, it } from 'vitest';
import { awsCaseState } from './aws-support.js';
import { genericState } from './generic.js';
import { jiraState } from './jira.js';
import { serviceNowState } from './service-now.js';
import { retryDelayMs } from './sync.js';
import { fieldsOf } from './team-client.js';

const jira = (name: string, key: string, resolution: string | null = null) => jiraState({ status: { name, statusCategory: { key } }, resolution: resolution ? { name: resolution } : null });
const state = (acknowledged: boolean, resolved: boolean, closed: boolean) => ({ acknowledged, resolved, closed });

describe('remote states', () => {
  it('reads a Jira issue by its status category, closing on final statuses and on resolutions without a fix', () => {
    expect(jira('Open', 'new')).toEqual(state(false, false, false));
    expect(jira('Waiting for support', 'indeterminate')).toEqual(state(true, false, false));
    expect(jira('Resolved', 'done', 'Fixed')).toEqual(state(true, true, false));
    expect(jira('Closed', 'done', 'Fixed')).toEqual(state(true, true, true));
    expect(jira('Done', 'done')).toEqual(state(true, true, true));
    expect(jira('Resolved', 'done', "Won't Do")).toEqual(state(true, true, true));
  });

  it('reads ServiceNow states, AWS case statuses and the generic case form', () => {
    expect(['1', '2', '3', '6', '7', '8'].map(serviceNowState)).toEqual([state(false, false, false), state(true, false, false), state(true, false, false), state(true, true, false), state(true, true, true), state(true, true, true)]);
    expect(['opened', 'unassigned', 'work-in-progress', 'pending-customer-action', 'resolved'].map(awsCaseState)).toEqual([
      state(false, false, false),
      state(false, false, false),
      state(true, false, false),
      state(true, false, false),
      state(true, true, true),
    ]);
    expect(['open', 'acknowledged', 'in_progress', 'resolved', 'CLOSED'].map(genericState)).toEqual([
      state(false, false, false),
      state(true, false, false),
      state(true, false, false),
      state(true, true, false),
      state(true, true, true),
    ]);
  });
});

describe('the sync', () => {
  it('waits twice as long after each failure, an hour at most', () => {
    expect([0, 1, 2, 3].map((attempts) => retryDelayMs(attempts, 1_000))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('puts the responder\'s fields over the team\'s defaults, an empty one leaving the default', () => {
    expect(fieldsOf({ project: 'OPS', priority: 'High' }, { responderType: 'jira', project: 'WEB', priority: '', summary: 's', error: 'old', url: 7 })).toEqual({ project: 'WEB', priority: 'High', summary: 's', url: '7' });
  });
});
