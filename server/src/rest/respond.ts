import { RestError } from './errors.js';

/** `Content-Range: 0-24/100`, `*\/0` for no rows, `/*` when the total was not counted. */
export function contentRange(offset: number, rowCount: number, total: number | null): string {
  const range = rowCount > 0 ? `${offset}-${offset + rowCount - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** PostgREST's statuses: 206 when a counted result is only partly returned, 416 past its end. */
export function rangeStatus(offset: number, rowCount: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > 0 && offset >= total && rowCount === 0 && offset > total) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`);
  }
  return rowCount < total ? 206 : 200;
}
