import type { EvidenceType } from '@pharos/core';

/**
 * The script a definition-of-done item uses when it has none (spec 2 section 4's shortcuts): a
 * component is done when healthy, a check when it has been healthy for over 5 minutes, an insight
 * when resolved. Other evidence keeps the done it has; a comment's done is only set by hand. The job
 * answers these defaults in SQL with the same meaning (evaluate-evidence.ts).
 */
export const DEFAULT_DONE_SCRIPTS: Readonly<Partial<Record<EvidenceType, string>>> = {
  topology: "component.status == 'healthy'",
  check: "check.status == 'healthy' && age(check.last_transition_time) > duration('5m')",
  config_analysis: "analysis.status == 'resolved'",
};

/** The resource each evidence type points at, whose fields a script also sees at the top level (`status == healthy`). */
const SUBJECT_OF: Readonly<Record<EvidenceType, keyof ScriptResources | undefined>> = {
  topology: 'component',
  check: 'check',
  config: 'config',
  config_analysis: 'analysis',
  config_change: 'change',
  log: 'component',
  comment: undefined,
};

/** Current rows of what an evidence points at (null when it points at none). */
export interface ScriptResources {
  component: Record<string, unknown> | null;
  check: Record<string, unknown> | null;
  config: Record<string, unknown> | null;
  analysis: Record<string, unknown> | null;
  change: Record<string, unknown> | null;
}

/** Words a script may leave unquoted, as the screen's shortcut writes them (`status == healthy`). */
const STATUS_WORDS = ['healthy', 'unhealthy', 'warning', 'unknown', 'resolved', 'open', 'silenced'] as const;

/**
 * What a script sees: `component`, `check`, `config`, `analysis`, `change`, `incident` and `evidence`,
 * the fields of the evidence's own resource at the top level, and the status words as themselves.
 */
export function scriptVariables(type: EvidenceType, resources: ScriptResources, incident: Record<string, unknown>, evidence: Record<string, unknown>): Record<string, unknown> {
  const subject = SUBJECT_OF[type];
  const own = subject ? (resources[subject] ?? {}) : {};
  return {
    ...Object.fromEntries(STATUS_WORDS.map((word) => [word, word])),
    ...own,
    ...resources,
    incident,
    evidence,
  };
}
