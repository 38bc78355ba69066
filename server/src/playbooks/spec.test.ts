import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYBOOK_TIMEOUT_MS, playbookSpecProblems, readPlaybookSpec } from './spec.js';

describe('reading a playbook spec', () => {
  it('reads each action with its kind, condition, delay, timeout and retry', () => {
    const spec = readPlaybookSpec({
      timeout: '10m',
      actions: [
        { name: 'a', exec: { script: 'true' }, if: 'always()', delay: '5s', timeout: '30s', retry: { limit: 2, duration: '1s', exponent: { multiplier: 3 } } },
        { name: 'b', http: { url: 'http://x' } },
      ],
    });
    expect(spec.timeoutMs).toBe(600_000);
    expect(spec.actions).toEqual([
      { name: 'a', kind: 'exec', body: { script: 'true' }, if: 'always()', delay: '5s', timeoutMs: 30_000, retry: { limit: 2, delayMs: 1000, multiplier: 3 } },
      { name: 'b', kind: 'http', body: { url: 'http://x' } },
    ]);
    expect(readPlaybookSpec({ actions: [{ name: 'a', sql: { query: 'select 1' } }] }).timeoutMs).toBe(DEFAULT_PLAYBOOK_TIMEOUT_MS);
  });

  it('reads runsOn of the playbook and of an action, refusing anything but a list of names', () => {
    const spec = readPlaybookSpec({ runsOn: ['eu-cluster'], actions: [{ name: 'a', exec: { script: 'true' }, runsOn: [' {{.params.agent}} ', 'local'] }, { name: 'b', exec: { script: 'true' }, runsOn: [] }] });
    expect(spec.runsOn).toEqual(['eu-cluster']);
    expect(spec.actions.map((action) => action.runsOn)).toEqual([['{{.params.agent}}', 'local'], undefined]);
    expect(() => readPlaybookSpec({ runsOn: 'eu', actions: [{ name: 'a', exec: {} }] })).toThrow('runsOn: must be a list of agent names');
    expect(() => readPlaybookSpec({ actions: [{ name: 'a', exec: {}, runsOn: [''] }] })).toThrow('actions[0].runsOn: must be a list of agent names');
  });

  it('reads templatesOn of the playbook and of an action, host or agent only', () => {
    const spec = readPlaybookSpec({ templatesOn: 'agent', actions: [{ name: 'a', exec: { script: 'true' }, templatesOn: 'host' }, { name: 'b', exec: { script: 'true' } }] });
    expect(spec.templatesOn).toBe('agent');
    expect(spec.actions.map((action) => action.templatesOn)).toEqual(['host', undefined]);
    expect(() => readPlaybookSpec({ templatesOn: 'edge', actions: [{ name: 'a', exec: {} }] })).toThrow('templatesOn: must be host or agent');
    expect(() => readPlaybookSpec({ actions: [{ name: 'a', exec: {}, templatesOn: 'Agent' }] })).toThrow('actions[0].templatesOn: must be host or agent');
  });

  it('refuses what it cannot run, with the path and reason', () => {
    expect(() => readPlaybookSpec({ actions: [] })).toThrow('actions: a playbook needs at least one action');
    expect(() => readPlaybookSpec({ actions: [{ name: 'a', exec: {}, http: {} }] })).toThrow('actions[0]: must have exactly one of exec, http, sql, notification, gitops, github, azureDevopsPipeline, pod, logs (it has exec, http)');
    expect(() => readPlaybookSpec({ actions: [{ name: 'a', exec: {} }, { name: 'a', exec: {} }] })).toThrow("actions[1].name: 'a' names an earlier action too");
    expect(() => readPlaybookSpec({ actions: [{ name: 'a', exec: {}, timeout: 'soon' }] })).toThrow("actions[0].timeout: 'soon' is not a duration such as 30s or 5m");
    expect(() => readPlaybookSpec({ actions: [{ name: 'a', exec: {}, retry: { limit: -1 } }] })).toThrow('actions[0].retry.limit: must be a whole number of 0 or more');
  });
});

describe('what apply refuses in a playbook spec', () => {
  it('gives the path as a list and the reason', () => {
    expect(playbookSpecProblems({ actions: [{ name: 'a', exec: { script: 'true' }, retry: { limit: 'x' } }] })).toEqual([{ path: ['actions', 0, 'retry', 'limit'], reason: 'must be a whole number of 0 or more' }]);
    expect(playbookSpecProblems({ actions: [{ name: 'a', exec: { script: 'true' } }] })).toEqual([]);
  });
});
