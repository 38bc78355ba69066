import { describe, expect, it } from 'vitest';
import { agentSelectorOf, runsOnAgents, selectsAgent, withoutAgentSelector } from './assignment.js';

describe('agent assignment', () => {
  it('reads only the non-empty names of agentSelector', () => {
    expect(agentSelectorOf({ agentSelector: ['eu', ' ', 3, 'us '] })).toEqual(['eu', 'us']);
    expect(agentSelectorOf({})).toEqual([]);
    expect(runsOnAgents({ agentSelector: [] })).toBe(false);
    expect(runsOnAgents({ agentSelector: ['eu'] })).toBe(true);
  });

  it('matches names, globs and exclusions', () => {
    expect(selectsAgent(['eu'], 'eu')).toBe(true);
    expect(selectsAgent(['eu'], 'eu-2')).toBe(false);
    expect(selectsAgent(['eu-*'], 'eu-2')).toBe(true);
    expect(selectsAgent(['eu-*', '!eu-3'], 'eu-3')).toBe(false);
    expect(selectsAgent(['!eu-3'], 'us-1')).toBe(true);
    expect(selectsAgent(['e.u'], 'exu')).toBe(false);
  });

  it('drops the selector from the spec an agent stores', () => {
    expect(withoutAgentSelector({ agentSelector: ['eu'], schedule: '@every 1m' })).toEqual({ schedule: '@every 1m' });
  });
});
