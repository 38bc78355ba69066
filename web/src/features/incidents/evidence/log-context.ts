import type { EvidenceLogLine } from '../types';

/** Lines shown before and after each selected line (spec 2 §3). */
export const LOG_CONTEXT_LINES = 3;

/** Indexes of `lines` within `context` lines of a selected one, in order. */
export function contextIndexes(count: number, selected: readonly number[], context = LOG_CONTEXT_LINES): number[] {
  const keep = new Set<number>();
  for (const index of selected) {
    if (!Number.isInteger(index) || index < 0 || index >= count) continue;
    for (let i = Math.max(0, index - context); i <= Math.min(count - 1, index + context); i++) keep.add(i);
  }
  return [...keep].sort((a, b) => a - b);
}

/**
 * What log evidence keeps: only the selected lines and their context, with the selection's
 * indexes into what is kept (so a search of thousands of lines stores a few).
 */
export function keptLines(lines: readonly EvidenceLogLine[], selected: readonly number[], includeMessages: boolean): { lines: EvidenceLogLine[]; selected_lines: number[] } {
  const kept = contextIndexes(lines.length, selected);
  const position = new Map(kept.map((index, at) => [index, at]));
  return {
    lines: kept.map((index) => {
      const line = lines[index]!;
      return includeMessages ? line : { timestamp: line.timestamp, ...(line.labels ? { labels: line.labels } : {}) };
    }),
    selected_lines: selected.filter((index) => position.has(index)).map((index) => position.get(index)!).sort((a, b) => a - b),
  };
}

/** One row of the evidence view: a line (selected or context) or a gap between runs of context. */
export type ShownLogRow = { kind: 'line'; index: number; line: EvidenceLogLine; selected: boolean } | { kind: 'gap'; skipped: number };

/** The rows log evidence shows: each selected line with 3 lines of context around it, gaps marked. */
export function shownRows(lines: readonly EvidenceLogLine[], selected: readonly number[]): ShownLogRow[] {
  const chosen = new Set(selected);
  const rows: ShownLogRow[] = [];
  let previous = -1;
  for (const index of contextIndexes(lines.length, selected)) {
    if (previous >= 0 && index > previous + 1) rows.push({ kind: 'gap', skipped: index - previous - 1 });
    rows.push({ kind: 'line', index, line: lines[index]!, selected: chosen.has(index) });
    previous = index;
  }
  return rows;
}
