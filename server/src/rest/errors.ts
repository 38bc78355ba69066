/** An error answered in PostgREST's JSON shape: `{code, message, details, hint}`. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toJSON(): { code: string; message: string; details: string | null; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export function parseError(what: string, raw: string, details: string): RestError {
  return new RestError(400, 'PGRST100', `failed to parse ${what} (${raw})`, details);
}

/** PostgreSQL error classes mapped to PostgREST's HTTP statuses. */
const statusBySqlState: Record<string, number> = {
  '23503': 409, // foreign_key_violation
  '23505': 409, // unique_violation
  '23502': 400, // not_null_violation
  '23514': 400, // check_violation
  '23P01': 409, // exclusion_violation
  '25006': 405, // read_only_sql_transaction
  '55000': 405, // object_not_in_prerequisite_state: e.g. writing to a view that cannot be written
  '42501': 403, // insufficient_privilege
  '42883': 404, // undefined_function
  '42P01': 404, // undefined_table
  '42703': 400, // undefined_column
  '42P10': 400, // invalid_column_reference (e.g. on_conflict without a matching constraint)
  '53400': 500,
  '57014': 504, // query_canceled (statement timeout)
  P0001: 400, // raise_exception
  '21000': 400, // cardinality_violation
};

export function statusForSqlState(code: string): number {
  const exact = statusBySqlState[code];
  if (exact !== undefined) return exact;
  const cls = code.slice(0, 2);
  if (cls === '22') return 400; // data exceptions: invalid input syntax, out of range …
  if (cls === '42') return 400; // syntax error or access rule violation caused by the request
  if (cls === '23') return 400;
  if (cls === '08') return 503;
  if (cls === '53' || cls === '54') return 503;
  return 500;
}
