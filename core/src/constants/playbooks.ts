/** Playbooks and their runs (spec 1 §3, spec 2 §3, §4, §9). */

export const PLAYBOOK_RUN_STATUSES = [
  'pending',
  'running',
  'waiting',
  'scheduled',
  'sleeping',
  'cancelled',
  'completed',
  'failed',
  'skipped',
] as const;
export type PlaybookRunStatus = (typeof PLAYBOOK_RUN_STATUSES)[number];

/** The run detail polls while the run is in one of these. */
export const PLAYBOOK_RUN_POLLING_STATUSES: readonly PlaybookRunStatus[] = ['running', 'waiting', 'pending'];
export const PLAYBOOK_RUN_POLL_MS = 5000;

export function isPlaybookRunActive(status: PlaybookRunStatus): boolean {
  return PLAYBOOK_RUN_POLLING_STATUSES.includes(status);
}

export const PLAYBOOK_PARAMETER_TYPES = [
  'code',
  'checkbox',
  'list',
  'team',
  'people',
  'component',
  'config',
  'check',
  'text',
  // From mission-control: a Go duration (5m, 1h30m, 7d) and a value sealed once the run starts.
  'duration',
  'secret',
] as const;
export type PlaybookParameterType = (typeof PLAYBOOK_PARAMETER_TYPES)[number];

export const PLAYBOOK_PAGE_SIZES = {
  runsList: 150,
  configPlaybooksTab: 200,
  /** Playbook and insights side panels, loaded by infinite scroll. */
  panel: 50,
} as const;
/** Default range of the runs list: relative, last 7 days. */
export const PLAYBOOK_RUNS_DEFAULT_RANGE = '7d';
export const PLAYBOOK_DEFAULT_CATEGORY = 'Other';
export const PLAYBOOK_DEFAULT_SOURCE = 'UI';

/** dns1123 names: lowercase alphanumerics with hyphens and dots. */
export const DNS1123_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
