import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { silentLogger } from '../../src/logger.js';
import { registerNotifications, type NotificationDelivery } from '../../src/notifications/register.js';
import { registerPlaybooks } from '../../src/playbooks/register.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';
import { TestSmtpServer } from '../support/smtp.js';
import { until } from '../support/until.js';

export const PUBLIC_URL = 'http://pharos.test';

/** A request a channel server received. */
export interface ChannelRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * A chat service on loopback speaking the HTTP its channels use: Slack's chat.postMessage (a bearer
 * token it knows, else `ok: false, error: invalid_auth`) and webhooks on any other path (200, or 503
 * on paths under /down/).
 */
export class ChannelServer {
  readonly requests: ChannelRequest[] = [];
  private readonly server: Server;
  url = '';

  constructor(private readonly slackToken: string) {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const path = request.url ?? '/';
        this.requests.push({ path, headers: request.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
        const send = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (path === '/api/chat.postMessage') {
          return request.headers.authorization === `Bearer ${this.slackToken}` ? send(200, { ok: true, ts: '1.0' }) : send(200, { ok: false, error: 'invalid_auth' });
        }
        if (path.startsWith('/down/')) return send(503, { message: 'the hook is down for maintenance' });
        return send(200, {});
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  on(path: string): ChannelRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface SendRow {
  id: string;
  notification_id: string;
  event_id: string | null;
  status: string;
  error: string | null;
  duration_millis: number | null;
  source_event: string | null;
  resource_id: string | null;
  resource_type: string | null;
  resource_name: string | null;
  recipient: string;
  title: string | null;
  body: string | null;
  attempts: number;
  silenced_by: string | null;
}

/**
 * A notification test file's own database, server (with the data service and the preview route),
 * engine (playbook runs and notification delivery, retrying fast), SMTP server and channel server,
 * and an admin token.
 */
export interface NotificationTest {
  server: TestServer;
  pool: pg.Pool;
  sandbox: ExpressionSandbox;
  smtp: TestSmtpServer;
  channels: ChannelServer;
  delivery: NotificationDelivery;
  token: string;
  slackToken: string;
  /** Applies YAML through /api/apply; answers the ids. */
  apply(yaml: string): Promise<string[]>;
  /** A call to the server with the admin token. */
  call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: unknown }>;
  sends(notificationId: string): Promise<SendRow[]>;
  /** Polls until `done` holds for what `read` answers. */
  until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs?: number): Promise<T>;
}

/** `publicUrl`: PHAROS_PUBLIC_URL of the server and delivery (null: unset). */
export function notificationTest({ publicUrl = PUBLIC_URL }: { publicUrl?: string | null } = {}): NotificationTest {
  let database: FreshDatabase;
  let engine: Engine;
  const test = {
    token: '',
    slackToken: 'xoxb-notifications-test',
    async apply(yaml: string) {
      const response = await fetch(`${test.server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${test.token}`, 'content-type': 'application/yaml' }, body: yaml });
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { resources: { id: string }[] }).resources.map((resource) => resource.id);
    },
    async call(method: string, path: string, body?: unknown, token = test.token) {
      const response = await fetch(`${test.server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    async sends(notificationId: string) {
      const { rows } = await test.pool.query<SendRow>('select * from notification_send_history where notification_id = $1 order by created_at, recipient', [notificationId]);
      return rows;
    },
    until: (read, done, timeoutMs) =>
      until(read, done, {
        timeoutMs,
        detail: async () => `events: ${JSON.stringify((await test.pool.query('select name, attempts, error, done_consumers from event_queue')).rows)}`,
      }),
  } as NotificationTest;

  beforeAll(async () => {
    database = await freshDatabase();
    test.sandbox = new ExpressionSandbox();
    test.smtp = new TestSmtpServer();
    const smtpUrl = await test.smtp.start();
    test.channels = new ChannelServer(test.slackToken);
    await test.channels.start();
    test.server = await startTestServer({ sandbox: test.sandbox, identity: { publicUrl: publicUrl ?? undefined } }, database.url);
    test.pool = test.server.pool;
    test.token = await test.server.tokenFor(['admin']);
    engine = new Engine({ pool: test.pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), pollIntervalMs: 200 }, events: { pollIntervalMs: 200 } });
    registerPlaybooks(engine, { pool: test.pool, secrets: TEST_SECRETS, sandbox: test.sandbox });
    test.delivery = registerNotifications(engine, {
      pool: test.pool,
      secrets: TEST_SECRETS,
      sandbox: test.sandbox,
      logger: silentLogger(),
      delivery: { smtpUrl, smtpFrom: 'Pharos <pharos@example.com>', publicUrl: publicUrl ?? undefined },
      sender: { pollIntervalMs: 100, retryBaseMs: 100, maxAttempts: 3 },
      rulesTtlMs: 100,
    });
    await engine.start();
  });

  afterAll(async () => {
    await test.delivery?.stop();
    await engine?.stop();
    await test.server?.close();
    await test.sandbox?.close();
    await test.smtp?.close();
    await test.channels?.close();
    await database?.drop();
  });

  return test;
}

/** A received mail's text with quoted-printable undone in every part (the body is multipart: text and HTML). */
export function mailText(mail: { text: string }): string {
  return mail.text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
