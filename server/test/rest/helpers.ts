import { randomBytes } from 'node:crypto';
import { PostgrestClient } from '@supabase/postgrest-js';
import type pg from 'pg';
import { expect } from 'vitest';
import type { TestServer } from '../support/server.js';

/** A short lowercase suffix that makes this file's rows its own. */
export function uniqueSuffix(): string {
  return randomBytes(5).toString('hex');
}

/** The PostgREST client the web app uses, pointed at the data service as `token`'s person. */
export function restClient(server: TestServer, token: string): PostgrestClient {
  return new PostgrestClient(`${server.url}/api/db`, { headers: { Authorization: `Bearer ${token}` } });
}

/** A raw request to the data service: `path` is what follows /api/db/, query string included. */
export function rawFetch(server: TestServer, token: string | undefined, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token !== undefined && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${server.url}/api/db/${path}`, { ...init, headers });
}

/** A JSON body sent with the right content type. */
export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
}

/** PostgREST's error body. */
export interface RestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export async function errorBody(response: Response): Promise<RestErrorBody> {
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as RestErrorBody;
}

export type JsonRow = Record<string, unknown>;

export async function jsonRows(response: Response): Promise<JsonRow[]> {
  const body: unknown = await response.json();
  expect(Array.isArray(body)).toBe(true);
  return body as JsonRow[];
}

/** Encodes a query-string value the way a browser would (every reserved character escaped). */
export function q(value: string): string {
  return encodeURIComponent(value);
}

/** Inserts a person straight into the database and returns its id. */
export async function insertPerson(pool: pg.Pool, name: string, email?: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>('insert into people (name, email) values ($1, $2) returning id', [name, email ?? null]);
  return firstId(rows);
}

/** The person a token was made for. */
export async function personOfEmail(pool: pg.Pool, email: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>('select id from people where lower(email) = lower($1) and deleted_at is null', [email]);
  return firstId(rows);
}

export function firstId(rows: readonly { id: string }[]): string {
  const row = rows[0];
  if (!row) throw new Error('expected a row');
  return row.id;
}

export async function countRows(pool: pg.Pool, sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(sql, values);
  return Number(rows[0]?.n ?? Number.NaN);
}
