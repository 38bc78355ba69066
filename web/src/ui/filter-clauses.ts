import { parseFilterStates } from './filter-state';

/** One PostgREST filter: `{column}={operator}.{value}`. */
export interface FilterClause {
  column: string;
  operator: string;
  value: string;
}

/** PostgREST list syntax, `(a,"b,c")`: values with reserved characters are quoted. */
export function postgrestList(values: readonly string[]): string {
  const items = values.map((v) => (/[,()"\\]/.test(v) ? `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : v));
  return `(${items.join(',')})`;
}

/**
 * The filters of a three-state value (`a:1,b:-1`) on a column: included values with `in`,
 * excluded ones with `not.in`. No states, no filter.
 */
export function tristateClauses(column: string, text: string | null | undefined): FilterClause[] {
  const states = Object.entries(parseFilterStates(text));
  const included = states.filter(([, s]) => s === 1).map(([v]) => v);
  const excluded = states.filter(([, s]) => s === -1).map(([v]) => v);
  const clauses: FilterClause[] = [];
  if (included.length > 0) clauses.push({ column, operator: 'in', value: postgrestList(included) });
  if (excluded.length > 0) clauses.push({ column, operator: 'not.in', value: postgrestList(excluded) });
  return clauses;
}
