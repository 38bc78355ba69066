import { isRecord } from '@pharos/core';
import type pg from 'pg';
import type { LogsRequest } from './request.js';
import { BACKEND_KINDS } from './spec.js';

/** A log selector of a component (components.logs): which backend, and the labels its lines carry. */
export interface LogSelector {
  name?: string;
  type?: string;
  labels?: Record<string, string>;
  /** The backend's name when it is not the selector's. */
  backend?: string;
}

export interface BackendRow {
  id: string;
  name: string;
  namespace: string;
  spec: unknown;
}

/** What a request searches: a backend, with the labels its log selector adds. */
export interface LogTarget {
  backend: BackendRow;
  labels: Record<string, string>;
}

/** 404 or 400 with the reason: the request names nothing that can be searched. */
export class TargetError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

function selectorsOf(logs: unknown): LogSelector[] {
  if (!Array.isArray(logs)) return [];
  return logs.filter(isRecord).map((entry) => ({
    ...(typeof entry['name'] === 'string' ? { name: entry['name'] } : {}),
    ...(typeof entry['type'] === 'string' ? { type: entry['type'] } : {}),
    ...(typeof entry['backend'] === 'string' ? { backend: entry['backend'] } : {}),
    labels: isRecord(entry['labels']) ? Object.fromEntries(Object.entries(entry['labels']).map(([key, value]) => [key, String(value)])) : {},
  }));
}

/**
 * The log backend a name means: `namespace/name` or a name (the `default` namespace first); with
 * none of that name, the only backend of the selector's type (file, postgres, loki, opensearch or
 * elasticsearch) when there is exactly one.
 */
async function findBackend(pool: pg.Pool, name: string, type?: string): Promise<BackendRow | undefined> {
  const [namespace, bare] = name.includes('/') ? name.split('/', 2) : [undefined, name];
  const { rows } = await pool.query<BackendRow>(
    `SELECT id, name, namespace, spec FROM logging_backends
     WHERE deleted_at IS NULL AND name = $1 AND ($2::text IS NULL OR namespace = $2)
     ORDER BY (namespace = 'default') DESC, created_at LIMIT 1`,
    [bare, namespace ?? null],
  );
  if (rows[0]) return rows[0];
  if (!type || !(BACKEND_KINDS as readonly string[]).includes(type)) return undefined;
  const ofType = await pool.query<BackendRow>('SELECT id, name, namespace, spec FROM logging_backends WHERE deleted_at IS NULL AND spec ? $1 LIMIT 2', [type]);
  return ofType.rows.length === 1 ? ofType.rows[0] : undefined;
}

const NO_BACKEND = (name: string) => `No log backend named ${name}: add it on /settings/logging_backends or with pharos apply (kind LoggingBackend)`;

export async function findTarget(pool: pg.Pool, request: LogsRequest): Promise<LogTarget> {
  if (!request.id) {
    const backend = await findBackend(pool, request.name!);
    if (!backend) throw new TargetError(404, NO_BACKEND(request.name!));
    return { backend, labels: {} };
  }
  const { rows } = await pool.query<{ name: string; logs: unknown }>('SELECT name, logs FROM components WHERE id = $1 AND deleted_at IS NULL', [request.id]);
  const component = rows[0];
  if (!component) throw new TargetError(404, `No component with id ${request.id}`);
  const selectors = selectorsOf(component.logs);
  if (selectors.length === 0) throw new TargetError(400, `Component ${component.name} has no logs: its topology gives it no log selector`);
  const selector = request.name === undefined ? selectors[0]! : selectors.find((candidate) => candidate.name === request.name);
  if (!selector) {
    const names = selectors.map((candidate) => candidate.name ?? '(unnamed)').join(', ');
    throw new TargetError(404, `Component ${component.name} has no log selector named ${request.name}: its selectors are ${names}`);
  }
  const backendName = selector.backend ?? selector.name;
  const backend = backendName ? await findBackend(pool, backendName, selector.type) : await findBackend(pool, '', selector.type);
  if (!backend) throw new TargetError(404, backendName ? NO_BACKEND(backendName) : `The log selector of component ${component.name} names no log backend (name or backend)`);
  return { backend, labels: selector.labels ?? {} };
}
