import { describe, expect, it } from 'vitest';
import { linkedSourceOf } from './linked-source';

const LOCAL = '00000000-0000-0000-0000-000000000000';

describe('linkedSourceOf', () => {
  it('has no owner for a UI or empty source on the local agent', () => {
    expect(linkedSourceOf({ source: 'UI', agent_id: LOCAL })).toBeNull();
    expect(linkedSourceOf({ source: '', agent_id: LOCAL })).toBeNull();
    expect(linkedSourceOf({ source: null })).toBeNull();
  });

  it('links a resource of a remote agent to the agent', () => {
    expect(linkedSourceOf({ source: 'UI', agent_id: 'a1', agent: { id: 'a1', name: 'eu' } })).toEqual({
      label: 'Linked to agent',
      to: '/settings/agents?id=a1',
      detail: 'eu',
    });
  });

  it('names local files, components, Kubernetes and other sources', () => {
    expect(linkedSourceOf({ source: 'ConfigFile=/etc/x.yaml' })).toEqual({ label: 'Linked to local file', detail: '/etc/x.yaml' });
    expect(linkedSourceOf({ source: 'component/c1' })).toEqual({ label: 'Linked to component', to: '/topology/c1', detail: 'c1' });
    expect(linkedSourceOf({ source: 'kubernetes/default/web' })).toEqual({ label: 'Linked to Kubernetes', detail: 'default/web' });
    expect(linkedSourceOf({ source: 'helm' })).toEqual({ label: 'Linked to helm' });
  });
});
