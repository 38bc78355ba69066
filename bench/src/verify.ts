import { isDeepStrictEqual } from 'node:util';

export interface Endpoint {
  url: string;
  headers: Record<string, string>;
}

interface Answer {
  status: number;
  contentRange: string | null;
  rows: { id: string }[];
}

async function get(endpoint: Endpoint): Promise<Answer> {
  const response = await fetch(endpoint.url, { headers: endpoint.headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${endpoint.url} answered ${response.status}: ${text.slice(0, 500)}`);
  const rows: unknown = JSON.parse(text);
  if (!Array.isArray(rows) || !rows.every((row): row is { id: string } => typeof row === 'object' && row !== null && 'id' in row)) {
    throw new Error(`GET ${endpoint.url} did not answer an array of rows with ids`);
  }
  return { status: response.status, contentRange: response.headers.get('content-range'), rows };
}

/**
 * Checks that both endpoints return the same rows (same ids in the same order, the same contents)
 * and, when counting, the same status and Content-Range. Throws on a difference.
 */
export async function verifySameRows(generic: Endpoint, handwritten: Endpoint, counting: boolean): Promise<void> {
  const [a, b] = await Promise.all([get(generic), get(handwritten)]);
  const ids = (answer: Answer): string => answer.rows.map((row) => row.id).join(',');
  if (a.rows.length === 0) throw new Error(`GET ${generic.url} returned no rows: nothing to compare`);
  if (ids(a) !== ids(b)) throw new Error(`The endpoints return different rows (${a.rows.length} generic, ${b.rows.length} hand-written, or a different order)`);
  if (counting && (a.status !== b.status || a.contentRange !== b.contentRange)) {
    throw new Error(`Counts differ: generic ${a.status} ${a.contentRange}, hand-written ${b.status} ${b.contentRange}`);
  }
  // Answers of different sizes would not be the same work: the hand-written query must follow the table's columns.
  if (!isDeepStrictEqual(a.rows, b.rows)) {
    const keys = (answer: Answer): string => Object.keys(answer.rows[0] ?? {}).join(',');
    throw new Error(`Same ids, but the row contents differ (generic keys: ${keys(a)}; hand-written keys: ${keys(b)})`);
  }
}
