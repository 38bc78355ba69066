import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import { registerResponders } from '../../src/incidents/responders/register.js';
import type { ResponderRow } from '../../src/incidents/responders/types.js';
import { silentLogger } from '../../src/logger.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';

/** A responder row as the tests read it. */
export type ResponderState = Pick<ResponderRow, 'id' | 'external_id' | 'properties' | 'acknowledge_time' | 'signoff_time' | 'close_time' | 'sync_attempts'>;

/** A responders test file's own database, server and engine, creating and following responders every second. */
export interface RespondersTest {
  server: TestServer;
  pool: pg.Pool;
  /** An admin's token. */
  token: string;
  /** Saves a connection through the API; answers its name. */
  connection(body: Record<string, unknown>): Promise<string>;
  /** A team whose spec.responder_clients is `clients`; answers its id. */
  team(name: string, clients: Record<string, Record<string, unknown>>): Promise<string>;
  /** An incident with a root hypothesis; answers its id. */
  incident(title: string): Promise<string>;
  /** POST /api/db/responders as the web app does; answers the new row's id. */
  addResponder(body: Record<string, unknown>): Promise<string>;
  responder(id: string): Promise<ResponderState>;
  until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs?: number): Promise<T>;
}

/** `schedule` is the sync job's (every second unless said). */
export function respondersTest(options: { schedule?: string } = {}): RespondersTest {
  let database: FreshDatabase;
  let engine: Engine;
  const test: RespondersTest = {
    server: undefined as unknown as TestServer,
    pool: undefined as unknown as pg.Pool,
    token: '',
    async connection(body) {
      const saved = await fetch(`${test.server.url}/api/connections`, {
        method: 'POST',
        headers: { authorization: `Bearer ${test.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ namespace: 'default', ...body }),
      });
      expect(saved.status, await saved.clone().text()).toBe(201);
      return String(body['name']);
    },
    async team(name, clients) {
      const { rows } = await test.pool.query<{ id: string }>(`INSERT INTO teams (name, spec) VALUES ($1, $2) RETURNING id`, [name, { responder_clients: clients }]);
      return rows[0]!.id;
    },
    async incident(title) {
      const { rows } = await test.pool.query<{ id: string }>(`INSERT INTO incidents (title, severity) VALUES ($1, 'high') RETURNING id`, [title]);
      const id = rows[0]!.id;
      await test.pool.query(`INSERT INTO hypotheses (incident_id, title, type, status) VALUES ($1, $2, 'root', 'possible')`, [id, title]);
      return id;
    },
    async addResponder(body) {
      const response = await fetch(`${test.server.url}/api/db/responders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${test.token}`, 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const [row] = (await response.json()) as { id: string }[];
      return row!.id;
    },
    async responder(id) {
      const { rows } = await test.pool.query<ResponderState>(
        `SELECT id, external_id, properties, acknowledge_time, signoff_time, close_time, sync_attempts FROM responders WHERE id = $1`,
        [id],
      );
      return rows[0]!;
    },
    until: (read, done, timeoutMs) => until(read, done, { timeoutMs }),
  };

  beforeAll(async () => {
    database = await freshDatabase();
    test.server = await startTestServer({}, database.url);
    test.pool = test.server.pool;
    test.token = await test.server.tokenFor(['admin']);
    engine = new Engine({ pool: test.pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), pollIntervalMs: 200, schedulerIntervalMs: 200 } });
    await registerResponders(engine, { pool: test.pool, secrets: TEST_SECRETS, schedule: options.schedule ?? '@every 1s', retryBaseMs: 300 });
    await engine.start();
  });

  afterAll(async () => {
    await engine?.stop();
    await test.server?.close();
    await database?.drop();
  });

  return test;
}

/** One request a stand-in received. */
export interface Received {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, when it is. */
  json: unknown;
}

export type Route = (request: Received, response: ServerResponse) => void | Promise<void>;

/**
 * An HTTP server on loopback standing in for a vendor's API (the real SaaS cannot be reached from
 * here): it keeps every request and answers through `handle`, which each test sets.
 */
export class StandIn {
  readonly received: Received[] = [];
  handle: Route = (_request, response) => void response.writeHead(404).end();
  private server: Server | undefined;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? (JSON.parse(text) as unknown) : undefined;
        } catch {
          json = undefined;
        }
        const received = { method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, text, json };
        this.received.push(received);
        void Promise.resolve(this.handle(received, response)).catch((error: unknown) => response.writeHead(500).end(String(error)));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  /** Stops at once: the server under test may still be calling on a kept-alive connection, which would hold a plain close open. */
  async close(): Promise<void> {
    const closed = new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
    this.server?.closeAllConnections();
    await closed;
  }

  /** Requests so far whose method and path (without query) match. */
  requests(method: string, path: string | RegExp): Received[] {
    return this.received.filter((request) => request.method === method && (typeof path === 'string' ? request.url.split('?')[0] === path : path.test(request.url)));
  }
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}
