import type { ChangeKind } from '@pharos/core';

/** What a change did, as far as its type tells: the kinds that most often break what depends on them. */
export type { ChangeKind };

/** Each kind's change types (case-insensitive, POSIX regular expressions as PostgreSQL's `~*`), tried in this order, and its weight. */
export const CHANGE_KINDS: ReadonlyArray<{ kind: Exclude<ChangeKind, 'other'>; pattern: string; weight: number }> = [
  { kind: 'deployment', pattern: 'deploy|rollout|release|upgrade|image|helm|promot', weight: 1 },
  { kind: 'scaling', pattern: 'scal|replica|resiz', weight: 0.7 },
  { kind: 'restart', pattern: 'restart|reboot|recreat|kill|evict|crash|backoff', weight: 0.6 },
  { kind: 'config', pattern: '^diff$|updat|edit|patch|modif|config|chang', weight: 0.8 },
];
export const OTHER_KIND_WEIGHT = 0.3;

/** Severities by how much a change of that severity is worth suspecting; a change without one counts as info. */
export const SEVERITY_WEIGHTS: Readonly<Record<string, number>> = { critical: 1, blocker: 1, high: 0.8, medium: 0.6, warning: 0.5, low: 0.3, info: 0.2 };

/** How much closeness in time, in the graph, severity and kind count in a suspect's score (they add up to 1). */
export const SCORE_WEIGHTS = { time: 0.35, graph: 0.3, severity: 0.15, kind: 0.2 } as const;

/** SQL naming the kind of `column` (a change type), with the patterns as parameters from `first`. */
export function kindCase(column: string, first: number): string {
  const whens = CHANGE_KINDS.map((entry, index) => `WHEN ${column} ~* $${first + index}::text THEN '${entry.kind}'`).join(' ');
  return `CASE ${whens} ELSE 'other' END`;
}

export const kindPatterns = (): string[] => CHANGE_KINDS.map((entry) => entry.pattern);
