import type { EvidenceType } from '@pharos/core';

/**
 * The script shortcuts of spec 2 §4: a component is done when healthy, a check when it has been
 * healthy for over 5 minutes, an insight when resolved. The check and insight ones are the
 * defaults the server's definition-of-done job applies to an item without a script.
 */
export const SCRIPT_SHORTCUTS: Readonly<Partial<Record<EvidenceType, { script: string; label: string }>>> = {
  topology: { script: 'status == healthy', label: 'Done when the component is healthy' },
  check: { script: "check.status == 'healthy' && age(check.last_transition_time) > duration('5m')", label: 'Done when the check is healthy for over 5 minutes' },
  config_analysis: { script: "analysis.status == 'resolved'", label: 'Done when the insight is resolved' },
};

export const REMOVE_FROM_DOD_FAILED = 'Removing evidence from definition of done failed';
export const ADD_TO_DOD_FAILED = 'Marking evidence as part of definition of done failed';
export const SCRIPT_FAILED = 'Setting the definition of done script failed';
