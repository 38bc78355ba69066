import { isRecord } from '@pharos/core';
import { describeProblems, parseBackendSpec } from '../logs/spec.js';
import type { Row } from './compile/write.js';
import { RestError } from './errors.js';

const SCALARS: ReadonlySet<string> = new Set(['string', 'number', 'boolean']);

/** The first label whose value is not text (or a number or boolean), '' when labels are no mapping, else undefined. */
function nestedLabel(labels: unknown): string | undefined {
  if (!isRecord(labels)) return '';
  return Object.entries(labels).find(([, value]) => !SCALARS.has(typeof value))?.[0];
}

/**
 * A log backend written through the data service is one the logs screen can search: its spec names
 * exactly one kind with what that kind needs (as `pharos apply` requires), and its labels map names
 * to text. A new row is checked whole; an update, the columns it writes.
 */
export function refuseInvalidBackends(relation: string, rows: readonly Row[], write: 'insert' | 'update'): void {
  if (relation !== 'logging_backends') return;
  for (const row of rows) {
    if (write === 'insert' || 'spec' in row) {
      const parsed = parseBackendSpec(row['spec'] ?? {});
      if ('problems' in parsed) {
        throw new RestError(400, '23514', `The log backend's spec is not valid: ${describeProblems(parsed.problems)}`, null, 'Choose a kind and fill in its required fields.');
      }
    }
    if ('labels' in row && row['labels'] !== null) {
      const label = nestedLabel(row['labels']);
      if (label === '') throw new RestError(400, '23514', 'labels must be a mapping of names to text', null, 'Write labels as name: value, one a line.');
      if (label !== undefined) throw new RestError(400, '23514', `labels must be a mapping of names to text: ${label} is not text`, null, 'Write labels as name: value, one a line.');
    }
  }
}
