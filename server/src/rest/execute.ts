import { redactSealedText } from '@pharos/core';
import type { CompiledRead } from './compile/read.js';
import type { Params } from './compile/sql.js';
import { RestError } from './errors.js';
import { query, type Queryable } from './statements.js';

export type { Queryable };
import type { CountMode, ResponseShape } from './parse/headers.js';

export interface ReadResult {
  body: string;
  rowCount: number;
  total: number | null;
}


/** Above this many rows, `count=estimated` trusts the planner instead of counting. */
const ESTIMATE_THRESHOLD = 10_000;

interface ResultRow {
  total: string | null;
  page_total: number;
  body: string | null;
  single?: string | null;
  bytes: number;
}

/**
 * The largest answer the data service sends. Turning a much larger one into a string and sending it
 * would hold the server's event loop long enough to delay every other request.
 */
export const MAX_ANSWER_BYTES = 10_000_000;

function answerTooLarge(bytes: number): RestError {
  return new RestError(
    400,
    'PGRST100',
    `The answer exceeds the limit on its size (answerBytes = ${MAX_ANSWER_BYTES})`,
    `It would be ${(bytes / 1e6).toFixed(1)} MB`,
    'Page it with limit and offset, or select fewer columns or embedded resources.',
  );
}

/**
 * One statement: the rows as a JSON array built by PostgreSQL (`json_agg`), their number,
 * and the total count when asked for. `prefix` carries a write (`WITH pgrst_mut AS (…)`).
 */
export async function runRead(
  db: Queryable,
  compiled: CompiledRead,
  params: Params,
  options: { count?: CountMode; shape: ResponseShape; prefix?: string },
): Promise<ReadResult> {
  const countExpr =
    options.count === 'exact'
      ? `(SELECT count(*) FROM (${compiled.countSql}) AS "_pgrst_c")`
      : options.count === 'estimated'
        ? `(SELECT count(*) FROM (${compiled.countSql} LIMIT ${ESTIMATE_THRESHOLD + 1}) AS "_pgrst_c")`
        : 'NULL::bigint';
  const single = options.shape === 'object' ? `, (json_agg("_pgrst_t")->0)::text AS "single"` : '';
  const answer = `SELECT ${countExpr} AS "total", count(*)::int AS "page_total", coalesce(json_agg("_pgrst_t"), '[]')::text AS "body"${single} FROM (${compiled.rowsSql}) AS "_pgrst_t"`;
  // An answer over the limit stays in PostgreSQL: only its size comes back. It is measured before its
  // sealed credentials are redacted, which only ever shortens it.
  const keep = (column: string): string => `CASE WHEN octet_length("body") <= ${MAX_ANSWER_BYTES} THEN "${column}" END AS "${column}"`;
  const text = `${options.prefix ?? ''} SELECT "total", "page_total", ${keep('body')}${single ? `, ${keep('single')}` : ''}, octet_length("body") AS "bytes" FROM (${answer}) AS "_pgrst_a"`;
  const { rows } = await query<ResultRow>(db, text, params.values);
  const row = rows[0];
  if (!row) throw new RestError(500, 'PGRST000', 'The database returned no result row');
  if (row.bytes > MAX_ANSWER_BYTES) throw answerTooLarge(row.bytes);

  let total = row.total === null ? null : Number(row.total);
  if (options.count === 'planned' || (options.count === 'estimated' && total !== null && total > ESTIMATE_THRESHOLD)) {
    total = await plannedCount(db, compiled.countSql, params);
  }
  return { body: shapeBody(row, options.shape), rowCount: row.page_total, total };
}

/** A write without representation: only how many rows it touched. */
export async function runWrite(db: Queryable, prefix: string, params: Params): Promise<number> {
  const { rows } = await query<{ page_total: number }>(db, `${prefix} SELECT count(*)::int AS "page_total" FROM "pgrst_mut"`, params.values);
  return rows[0]?.page_total ?? 0;
}

export async function runScalar(db: Queryable, text: string, params: Params): Promise<string> {
  const { rows } = await query<{ body: string | null }>(db, `SELECT "body"::text AS "body" FROM (${text}) AS "_pgrst_s"`, params.values);
  return redactSealedText(rows[0]?.body ?? 'null');
}

/** Sealed credentials of specs are answered as '<sealed>', whatever the select made of them. */
function shapeBody(row: ResultRow, shape: ResponseShape): string {
  if (shape === 'array') return redactSealedText(row.body ?? '[]');
  if (row.page_total !== 1) {
    throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${row.page_total} rows`);
  }
  return redactSealedText(row.single ?? 'null');
}

async function plannedCount(db: Queryable, countSql: string, params: Params): Promise<number> {
  const statement = onlyReferencedParams(countSql, params.values);
  const { rows } = await query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(db, `EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
  return rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

/**
 * The count query uses only some of the statement's parameters; PostgreSQL refuses
 * parameters it cannot type, so renumber the ones it uses. Quoted names are skipped.
 */
function onlyReferencedParams(sql: string, values: readonly unknown[]): { text: string; values: unknown[] } {
  const kept: unknown[] = [];
  const renumbered = new Map<number, number>();
  const text = sql.replace(/"(?:[^"]|"")*"|\$(\d+)/g, (match, index: string | undefined) => {
    if (index === undefined) return match;
    const original = Number(index);
    let next = renumbered.get(original);
    if (next === undefined) {
      kept.push(values[original - 1]);
      next = kept.length;
      renumbered.set(original, next);
    }
    return `$${next}`;
  });
  return { text, values: kept };
}
