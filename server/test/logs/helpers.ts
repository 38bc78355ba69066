import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { stringify } from 'yaml';
import type { TestServer } from '../support/server.js';

export interface LogLineBody {
  timestamp: string;
  message: string;
  labels: Record<string, string>;
}

export interface LogsAnswer {
  results: LogLineBody[];
  nextPage?: string;
  message?: string;
}

/** A name no other test uses (the database is shared). */
export const unique = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Saves a LoggingBackend the way people do, through POST /api/apply; returns its name. */
export async function applyBackend(server: TestServer, token: string, name: string, spec: Record<string, unknown>): Promise<Response> {
  return fetch(`${server.url}/api/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' },
    body: stringify({ apiVersion: 'pharos.io/v1', kind: 'LoggingBackend', metadata: { name }, spec }),
  });
}

export async function saveBackend(server: TestServer, token: string, name: string, spec: Record<string, unknown>): Promise<void> {
  const response = await applyBackend(server, token, name, spec);
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A component with log selectors, as the topology engine leaves one; returns its id. */
export async function insertComponent(server: TestServer, logs: unknown[], name = unique('component')): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>('insert into components (name, type, logs) values ($1, $2, $3) returning id', [name, 'Service', JSON.stringify(logs)]);
  return rows[0]!.id;
}

export async function searchLogs(server: TestServer, token: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<{ status: number; body: LogsAnswer }> {
  const response = await fetch(`${server.url}/api/logs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  return { status: response.status, body: (await response.json()) as LogsAnswer };
}

/** Every page of a search, following nextPage. */
export async function allPages(server: TestServer, token: string, body: Record<string, unknown>): Promise<LogLineBody[][]> {
  const pages: LogLineBody[][] = [];
  let page: string | undefined;
  for (let i = 0; i < 50; i++) {
    const answer = await searchLogs(server, token, { ...body, ...(page ? { page } : {}) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    pages.push(answer.body.results);
    page = answer.body.nextPage;
    if (!page) return pages;
  }
  throw new Error('more than 50 pages');
}
