import { isRecord } from '@pharos/core';
import type pg from 'pg';

/**
 * A check's previous run as its expressions and templates see it, as canary-checker's `last_result`
 * (a function in Go templates and CEL, `last_result().results.max`): the latest status written for the
 * check, its detail (the variables kept, or what a transform's `detail` made of them) as `results`.
 * Before a check's first run every field is empty.
 */
export interface LastResult {
  status: boolean;
  invalid: boolean;
  /** When the previous status was written (RFC 3339); null before the first run. */
  createdAt: string | null;
  /** Milliseconds. */
  duration: number;
  message: string;
  error: string;
  results: Record<string, unknown>;
}

export const NO_LAST_RESULT: LastResult = { status: false, invalid: false, createdAt: null, duration: 0, message: '', error: '', results: {} };

interface StatusRow {
  check_id: string;
  status: boolean;
  invalid: boolean;
  created_at: Date;
  duration: number | null;
  message: string | null;
  error: string | null;
  detail: unknown;
}

/** The latest status of each check, by check id (one row each, read backwards along the primary key); a check that never ran has none. */
export async function lastResults(pool: pg.Pool, checkIds: readonly string[]): Promise<Map<string, LastResult>> {
  if (checkIds.length === 0) return new Map();
  const { rows } = await pool.query<StatusRow>(
    `SELECT s.check_id, s.status, s.invalid, s.created_at, s.duration, s.message, s.error, s.detail
       FROM unnest($1::uuid[]) AS c(id)
       CROSS JOIN LATERAL (SELECT * FROM check_statuses WHERE check_id = c.id ORDER BY time DESC LIMIT 1) s`,
    [checkIds],
  );
  return new Map(
    rows.map((row) => [
      row.check_id,
      {
        status: row.status,
        invalid: row.invalid,
        createdAt: row.created_at.toISOString(),
        duration: row.duration ?? 0,
        message: row.message ?? '',
        error: row.error ?? '',
        results: isRecord(row.detail) ? row.detail : {},
      },
    ]),
  );
}
