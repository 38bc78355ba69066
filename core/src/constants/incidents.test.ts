import { describe, expect, it } from 'vitest';
import {
  HYPOTHESIS_CHILD_TYPE,
  HYPOTHESIS_DEFAULTS,
  INCIDENT_DEFAULTS,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  canChangeIncidentStatus,
  isIncidentStatus,
  nextIncidentStatuses,
  type IncidentStatus,
} from './incidents.js';

// Spec 2 §4, written out independently of the implementation.
const ALLOWED: Record<IncidentStatus, IncidentStatus[]> = {
  new: ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'],
  open: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['investigating', 'mitigated', 'resolved', 'closed'],
  mitigated: ['mitigated', 'resolved', 'closed', 'open'],
  resolved: ['resolved', 'closed', 'open'],
  closed: ['closed', 'open'],
};

describe('incident status transitions', () => {
  for (const from of INCIDENT_STATUSES) {
    for (const to of INCIDENT_STATUSES) {
      const expected = ALLOWED[from].includes(to);
      it(`${from} -> ${to} is ${expected ? 'allowed' : 'refused'}`, () => {
        expect(canChangeIncidentStatus(from, to)).toBe(expected);
      });
    }
  }

  it('lists the next statuses of each status', () => {
    for (const from of INCIDENT_STATUSES) {
      expect(new Set(nextIncidentStatuses(from))).toEqual(new Set(ALLOWED[from]));
    }
  });

  it('cannot reopen into investigating from resolved or closed', () => {
    expect(canChangeIncidentStatus('resolved', 'investigating')).toBe(false);
    expect(canChangeIncidentStatus('closed', 'resolved')).toBe(false);
    expect(canChangeIncidentStatus('investigating', 'open')).toBe(false);
  });

  it('recognises statuses', () => {
    expect(isIncidentStatus('mitigated')).toBe(true);
    expect(isIncidentStatus('done')).toBe(false);
  });
});

describe('incident and hypothesis defaults', () => {
  it('creates incidents as availability, low, open', () => {
    expect(INCIDENT_DEFAULTS).toEqual({ type: 'availability', severity: 'low', status: 'open' });
    expect(INCIDENT_TYPES).toContain('technicalDebt');
    expect(INCIDENT_TYPES).toHaveLength(8);
  });

  it('creates hypotheses as possible roots; solutions have no children', () => {
    expect(HYPOTHESIS_DEFAULTS).toEqual({ status: 'possible', type: 'root' });
    expect(HYPOTHESIS_CHILD_TYPE.root).toBe('factor');
    expect(HYPOTHESIS_CHILD_TYPE.factor).toBe('solution');
    expect(HYPOTHESIS_CHILD_TYPE.solution).toBeNull();
  });
});
