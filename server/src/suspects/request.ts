import { durationMs, isUuid } from '@pharos/core';

/** What the suspects are asked for: a check, a component or an incident. */
export type AnchorKind = 'check' | 'component' | 'incident';

export interface SuspectsRequest {
  anchor: { kind: AnchorKind; id: string };
  /** How far before the transition changes are looked for, in milliseconds. */
  windowMs: number;
  /** The window as it was written (or the default), to answer it back. */
  window: string;
  limit: number;
}

export const DEFAULT_WINDOW = '1h';
export const MIN_WINDOW_MS = 60_000;
export const MAX_WINDOW_MS = 7 * 86_400_000;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

const ANCHOR_FIELDS: Readonly<Record<AnchorKind, string>> = { check: 'check_id', component: 'component_id', incident: 'incident_id' };

/** A request the route refuses: the message says what to change. */
export class SuspectsRequestError extends Error {}

const KNOWN = new Set([...Object.values(ANCHOR_FIELDS), 'window', 'limit']);

/** `check_id=|component_id=|incident_id=` (exactly one), `window` (1m to 7d, default 1h) and `limit` (1 to 100, default 20). */
export function parseSuspectsRequest(query: Record<string, unknown>): SuspectsRequest {
  const unknown = Object.keys(query).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) throw new SuspectsRequestError(`Unknown parameter ${unknown.join(', ')}: give check_id, component_id or incident_id, and window or limit`);
  const given = (Object.keys(ANCHOR_FIELDS) as AnchorKind[]).filter((kind) => query[ANCHOR_FIELDS[kind]] !== undefined && query[ANCHOR_FIELDS[kind]] !== '');
  if (given.length !== 1) throw new SuspectsRequestError('Give exactly one of check_id, component_id and incident_id');
  const kind = given[0]!;
  const id = query[ANCHOR_FIELDS[kind]];
  if (typeof id !== 'string' || !isUuid(id)) throw new SuspectsRequestError(`${ANCHOR_FIELDS[kind]} must be a UUID`);
  const window = query['window'] === undefined || query['window'] === '' ? DEFAULT_WINDOW : query['window'];
  if (typeof window !== 'string') throw new SuspectsRequestError('window must be given once');
  const windowMs = durationMs(window);
  if (windowMs === undefined) throw new SuspectsRequestError(`window must be a duration such as 30m, 1h or 1d, not '${window}'`);
  if (windowMs < MIN_WINDOW_MS || windowMs > MAX_WINDOW_MS) throw new SuspectsRequestError(`window must be between 1m and 7d, not '${window}'`);
  const limitText = query['limit'] === undefined || query['limit'] === '' ? String(DEFAULT_LIMIT) : query['limit'];
  if (typeof limitText !== 'string' || !/^\d+$/.test(limitText)) throw new SuspectsRequestError('limit must be a whole number from 1 to 100');
  const limit = Number(limitText);
  if (limit < 1 || limit > MAX_LIMIT) throw new SuspectsRequestError(`limit must be from 1 to ${MAX_LIMIT}, not ${limit}`);
  return { anchor: { kind, id: id.toLowerCase() }, windowMs, window, limit };
}
