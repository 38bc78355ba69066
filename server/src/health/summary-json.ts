/**
 * The JSON of checks_summary written from the rows of its statement: PostgreSQL sends each column as
 * text (rowMode array, no parsing by pg) and this concatenates them, which costs less than PostgreSQL
 * writing JSON for ten thousand rows (json_agg spends most of its time formatting each value).
 */

/** The columns of a summary row, in the statement's order: the texts PostgreSQL sent. */
export const SUMMARY_COLUMNS = [
  'id', 'canary_id', 'canary_name', 'canary_namespace', 'agent_id', 'name', 'namespace', 'type', 'icon', 'description', 'endpoint',
  'labels', 'status', 'severity', 'passed', 'failed', 'p95', 'p97', 'p99', 'rolling1h', 'last_runtime', 'last_transition_time', 'next_runtime', 'created_at',
] as const;

type Cell = string | null;

const text = (value: Cell | undefined): string => (value === null || value === undefined ? 'null' : JSON.stringify(value));
const raw = (value: Cell | undefined): string => value ?? 'null';
/** `2026-11-25 09:30:00.5+00` (timestamptz as text) as JSON writes it: `"2026-11-25T09:30:00.5+00:00"`. */
const time = (value: Cell | undefined): string => (value === null || value === undefined ? 'null' : `"${value.replace(' ', 'T')}${/[+-]\d\d$/.test(value) ? ':00' : ''}"`);

/** One check as row_to_json would write it, the keys in the spec's order. */
export function summaryRowJson(r: readonly Cell[]): string {
  return (
    `{"id":${text(r[0])},"canary_id":${text(r[1])},"canary_name":${text(r[2])},"canary_namespace":${text(r[3])},"agent_id":${text(r[4])},` +
    `"name":${text(r[5])},"namespace":${text(r[6])},"type":${text(r[7])},"icon":${text(r[8])},"description":${text(r[9])},"endpoint":${text(r[10])},` +
    `"labels":${raw(r[11])},"status":${text(r[12])},"severity":${text(r[13])},"uptime":{"passed":${r[14] ?? 0},"failed":${r[15] ?? 0}},` +
    `"latency":{"p95":${raw(r[16])},"p97":${raw(r[17])},"p99":${raw(r[18])},"rolling1h":${raw(r[19])}},` +
    `"last_runtime":${time(r[20])},"last_transition_time":${time(r[21])},"next_runtime":${time(r[22])},"created_at":${time(r[23])}}`
  );
}

/** `{"checks_summary":[...]}` of the rows. */
export function checksSummaryBody(rows: readonly (readonly Cell[])[]): string {
  return `{"checks_summary":[${rows.map(summaryRowJson).join(',')}]}`;
}
