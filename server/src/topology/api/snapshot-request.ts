import { parseGoDuration } from '@pharos/core';

export interface SnapshotRequest {
  id: string;
  /** Milliseconds before now the range starts. */
  rangeMs: number;
  related: boolean;
}

export class SnapshotRequestError extends Error {}

/** The default range when start is not given: the first of the dashboard's snapshot ranges. */
export const DEFAULT_SNAPSHOT_START = '30m';
/** The longest range a snapshot covers. */
export const MAX_SNAPSHOT_RANGE_MS = 30 * 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARAMETERS = ['start', 'related'];

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new SnapshotRequestError(`${name} must be given once`);
  return value.trim();
}

/** `GET /api/snapshot/topology/{id}?start=1h&related=true`, checked; a wrong one throws SnapshotRequestError saying which. */
export function parseSnapshotRequest(id: string, query: Record<string, unknown>): SnapshotRequest {
  if (!UUID.test(id)) throw new SnapshotRequestError(`The component id must be a UUID, not '${id}'`);
  const unknown = Object.keys(query).filter((name) => !PARAMETERS.includes(name));
  if (unknown.length > 0) throw new SnapshotRequestError(`Unknown parameter ${unknown.join(', ')}; a snapshot takes start and related`);
  const start = single(query, 'start') || DEFAULT_SNAPSHOT_START;
  let rangeMs: number;
  try {
    rangeMs = parseGoDuration(start.replace(/^now-/, ''));
  } catch {
    throw new SnapshotRequestError(`start must be a duration such as 30m, 1h or 2d, not '${start}'`);
  }
  if (rangeMs <= 0 || rangeMs > MAX_SNAPSHOT_RANGE_MS) throw new SnapshotRequestError(`start must be a duration above 0 and at most 30d, not '${start}'`);
  const related = single(query, 'related') || 'false';
  if (related !== 'true' && related !== 'false') throw new SnapshotRequestError(`related must be true or false, not '${related}'`);
  return { id: id.toLowerCase(), rangeMs, related: related === 'true' };
}
