import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../connections/clients.js';
import { OwnDatabaseRefused } from '../connections/own-database.js';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import { decodeTimeCursor, timePage } from './cursor.js';
import type { ResolvedEndpoint } from './endpoint.js';
import type { PostgresSpec } from './spec.js';
import { BackendConfigError, BackendError, type LogPage, type LogSearch, type LogSource } from './types.js';

/** A statement runs no longer than this (the search's own deadline usually comes first). */
export const STATEMENT_TIMEOUT_MS = 20_000;

/**
 * The planner cannot know how many rows a text or label filter keeps: guessing few, it reads the
 * whole table and sorts it, when walking the timestamp index newest first stops after a page.
 * Scans and sorts it could use instead are priced out for the search's statement.
 */
const NEWEST_FIRST_PLAN = 'SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off';

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const qualified = (name: string): string => name.split('.').map(quote).join('.');
const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

let ownTables: Promise<ReadonlySet<string>> | undefined;

/** The tables Pharos's migrations create: its own data, never read as logs. */
function pharosTables(): Promise<ReadonlySet<string>> {
  ownTables ??= (async () => {
    const names = new Set<string>();
    for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'))) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const match of sql.matchAll(/CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)/gi)) names.add(match[1]!.toLowerCase());
    }
    return names;
  })();
  return ownTables;
}

/**
 * Whether a table name (as the search path finds it) is PostgreSQL's own: its catalog and statistics
 * (`pg_authid`, `pg_stat_activity` …) or the information schema, which the server's role reads whole.
 */
async function isSystemRelation(client: pg.PoolClient, table: string): Promise<boolean> {
  const { rows } = await client.query<{ schema: string }>(
    'SELECT n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = to_regclass($1)',
    [table],
  );
  const schema = rows[0]?.schema;
  return schema !== undefined && (schema.startsWith('pg_') || schema === 'information_schema');
}

/** The statement of one page and its values. */
function statement(spec: PostgresSpec, search: LogSearch, before: string | undefined, rows: number): { text: string; values: unknown[] } {
  const { columns } = spec;
  const time = quote(columns.timestamp);
  const message = quote(columns.message);
  const values: unknown[] = [search.start, search.end];
  const where = [`${time} >= $1`, `${time} <= $2`];
  if (before !== undefined) where.push(`${time} <= $${values.push(before)}`);
  if (search.query !== '') where.push(`${message}::text ILIKE $${values.push(`%${likeEscape(search.query)}%`)}`);
  let labels = `'{}'::jsonb`;
  if (typeof columns.labels === 'string') {
    labels = `coalesce(${quote(columns.labels)}::jsonb, '{}'::jsonb)`;
    if (Object.keys(search.labels).length > 0) where.push(`${quote(columns.labels)}::jsonb @> $${values.push(JSON.stringify(search.labels))}::jsonb`);
  } else if (Array.isArray(columns.labels) && columns.labels.length > 0) {
    labels = `jsonb_strip_nulls(jsonb_build_object(${columns.labels.map((column) => `'${column}', ${quote(column)}::text`).join(', ')}))`;
    for (const [name, value] of Object.entries(search.labels)) {
      where.push(columns.labels.includes(name) ? `${quote(name)}::text = $${values.push(value)}` : 'false');
    }
  } else if (Object.keys(search.labels).length > 0) where.push('false');
  const source = spec.table ? qualified(spec.table) : `(${spec.query}) AS logs`;
  return {
    text: `SELECT ${time} AS time, to_json(${time}) #>> '{}' AS t, ${message}::text AS message, ${labels} AS labels
           FROM ${source} WHERE ${where.join(' AND ')}
           ORDER BY ${time} DESC, ${message} DESC LIMIT ${rows}`,
    values,
  };
}

interface Row {
  time: Date;
  t: string;
  message: string | null;
  labels: Record<string, unknown> | null;
}

function labelTexts(labels: Record<string, unknown> | null): Record<string, string> {
  return Object.fromEntries(Object.entries(labels ?? {}).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
}

/** PostgreSQL's message for a failed statement, said as the backend's. */
function backendError(error: unknown): never {
  if (error instanceof pg.DatabaseError) throw new BackendError(`PostgreSQL: ${error.message}`);
  const code = (error as NodeJS.ErrnoException).code;
  throw new BackendError(`PostgreSQL: ${code ? `${code}: ` : ''}${(error as Error).message}`);
}

/**
 * Rows of a table or query as log lines: newest first by the timestamp column, the message
 * matched with ILIKE, labels from a jsonb column (matched with @>) or from columns. Reads the
 * app's own database (a table only, never one of Pharos's, in a read-only transaction) or the
 * database of a connection.
 */
export class PostgresLogSource implements LogSource {
  constructor(
    private readonly spec: PostgresSpec,
    private readonly own: pg.Pool,
    private readonly endpoint: ResolvedEndpoint | undefined,
  ) {}

  async search(search: LogSearch, signal: AbortSignal): Promise<LogPage> {
    const cursor = decodeTimeCursor('postgres', search.page);
    const { text, values } = statement(this.spec, search, cursor?.t, search.limit + (cursor?.skip ?? 0));
    const rows = this.endpoint ? await this.external(this.endpoint, text, values, signal) : await this.ownDatabase(text, values, signal);
    const page = timePage('postgres', rows, (row) => row.t, search.limit, cursor);
    return { results: page.rows.map((row) => ({ timestamp: new Date(row.time).toISOString(), message: row.message ?? '', labels: labelTexts(row.labels) })), ...(page.nextPage ? { nextPage: page.nextPage } : {}) };
  }

  private async ownDatabase(text: string, values: unknown[], signal: AbortSignal): Promise<Row[]> {
    const table = this.spec.table?.split('.').at(-1)?.toLowerCase();
    if (table && (await pharosTables()).has(table)) throw new BackendConfigError(`${this.spec.table} is one of Pharos's own tables, not a log table`);
    const client = await this.own.connect();
    let cancelling: Promise<unknown> | undefined;
    const cancel = (): void => {
      const pid = (client as unknown as { processID?: number }).processID;
      if (pid !== undefined) cancelling = this.own.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      signal.throwIfAborted();
      await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}; ${NEWEST_FIRST_PLAN}`);
      if (this.spec.table && (await isSystemRelation(client, this.spec.table))) throw new BackendConfigError(`${this.spec.table} is one of PostgreSQL's own tables, not a log table`);
      const { rows } = await client.query<Row>(text, values);
      await client.query('COMMIT');
      return rows;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      signal.throwIfAborted();
      if (error instanceof BackendConfigError) throw error;
      return backendError(error);
    } finally {
      signal.removeEventListener('abort', cancel);
      await cancelling;
      client.release();
    }
  }

  private async external(endpoint: ResolvedEndpoint, text: string, values: unknown[], signal: AbortSignal): Promise<Row[]> {
    let client: pg.Client | undefined;
    const close = (): void => void client?.end().catch(() => undefined);
    signal.addEventListener('abort', close, { once: true });
    try {
      client = await openPostgres(endpoint.url, endpoint, { queryTimeoutMs: STATEMENT_TIMEOUT_MS, insecureTls: endpoint.insecureTls });
      signal.throwIfAborted();
      // The client is this search's alone: its session settings go with it.
      await client.query(NEWEST_FIRST_PLAN.replaceAll('SET LOCAL', 'SET'));
      const { rows } = await client.query<Row>(text, values);
      return rows;
    } catch (error) {
      signal.throwIfAborted();
      if (error instanceof OwnDatabaseRefused) throw new BackendConfigError(error.message);
      return backendError(error);
    } finally {
      signal.removeEventListener('abort', close);
      await client?.end().catch(() => undefined);
    }
  }
}
