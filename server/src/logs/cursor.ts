import { isRecord } from '@pharos/core';
import { parseJsonWithin } from '../http/json-body.js';
import { PageError } from './types.js';

/**
 * Page tokens: opaque to clients, base64url JSON inside. Backends searched by time (PostgreSQL,
 * Loki, OpenSearch) continue from the last time returned (`t`, in the backend's own notation) and
 * skip the `skip` lines of that very time already returned; files keep where each file was left.
 */
export function encodePage(kind: string, state: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ k: kind, ...state })).toString('base64url');
}

export function decodePage(kind: string, token: string): Record<string, unknown> {
  let state: unknown;
  try {
    state = parseJsonWithin(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    state = undefined;
  }
  if (!isRecord(state) || state['k'] !== kind) throw new PageError('page is not a nextPage of this log search: start again without page');
  return state;
}

export interface TimeCursor {
  /** The time of the last line returned, as the backend writes it. */
  t: string;
  /** Lines at exactly `t` already returned. */
  skip: number;
}

export function decodeTimeCursor(kind: string, token: string | undefined): TimeCursor | undefined {
  if (token === undefined) return undefined;
  const state = decodePage(kind, token);
  if (typeof state['t'] !== 'string' || typeof state['skip'] !== 'number' || state['skip'] < 0) throw new PageError('page is not a nextPage of this log search: start again without page');
  return { t: state['t'], skip: state['skip'] };
}

/**
 * The page of `rows` (newest first, `limit + cursor.skip` of them at most, those at the cursor's
 * time first) after skipping what the previous page returned, and the next token when the page is
 * full (the page after it may then be empty).
 */
export function timePage<T>(kind: string, rows: readonly T[], timeOf: (row: T) => string, limit: number, cursor: TimeCursor | undefined): { rows: T[]; nextPage?: string } {
  let skipped = 0;
  const fresh = rows.filter((row) => {
    if (cursor && skipped < cursor.skip && timeOf(row) === cursor.t) {
      skipped++;
      return false;
    }
    return true;
  });
  const page = fresh.slice(0, limit);
  const last = page.at(-1);
  if (page.length < limit || last === undefined) return { rows: page };
  const t = timeOf(last);
  const atLast = page.filter((row) => timeOf(row) === t).length;
  const skip = atLast + (cursor && cursor.t === t ? cursor.skip : 0);
  return { rows: page, nextPage: encodePage(kind, { t, skip }) };
}
