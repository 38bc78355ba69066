import { setTimeout as delay } from 'node:timers/promises';
import type { PullAnswer } from '../pull-route.js';
import type { PushRow, TableOutcome } from '../sync/apply-page.js';
import type { SyncTableName } from '../sync/tables.js';
import { timeoutSignal } from '../../modules/timeout-signal.js';

export interface PushAnswer {
  agent: { id: string; name: string };
  tables: Partial<Record<SyncTableName, TableOutcome>>;
}

/** Thrown for an answer of upstream other than success, with its status. */
export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What upstream's Retry-After asked for, when it answered one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 60_000;
/** Waits on a busy upstream before a push fails (and is tried again at the next turn of the loop). */
const BUSY_ATTEMPTS = 30;
const BUSY_WAIT_MS = 1_000;
const BUSY_WAIT_MAX_MS = 30_000;

function retryAfterMs(header: string | null): number | undefined {
  const seconds = Number(header);
  if (header === null || !Number.isFinite(seconds) || seconds < 0) return undefined;
  // Some jitter, so agents refused together do not all come back in the same instant.
  return Math.min(BUSY_WAIT_MAX_MS, seconds * 1_000) * (0.5 + Math.random());
}

/** The upstream Pharos as the agent's token reaches it: /api/agent/push and /api/agent/pull only. */
export class UpstreamClient {
  private readonly base: string;

  constructor(
    url: string,
    private readonly token: string,
  ) {
    this.base = url.replace(/\/+$/, '');
  }

  private async request(path: string, init: RequestInit): Promise<Response> {
    const response = await fetch(`${this.base}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${this.token}` },
      signal: timeoutSignal(REQUEST_TIMEOUT_MS),
    });
    if (response.ok || response.status === 304) return response;
    const text = await response.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: the text as it came
    }
    throw new UpstreamError(response.status, `${path} answered ${response.status}: ${message.slice(0, 500)}`, retryAfterMs(response.headers.get('retry-after')));
  }

  /** Sends a page; while upstream answers 503 (busy storing other pushes) it waits as Retry-After says and sends again. */
  push(tables: Partial<Record<SyncTableName, PushRow[]>>): Promise<PushAnswer> {
    return this.pushBody(JSON.stringify(tables));
  }

  /** Sends a page of one table whose rows are JSON text already (a JSON array, as the agent's database wrote it). */
  pushRows(table: SyncTableName, rowsJson: string): Promise<PushAnswer> {
    return this.pushBody(`{${JSON.stringify(table)}:${rowsJson}}`);
  }

  private async pushBody(body: string): Promise<PushAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await this.request('/api/agent/push', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        return (await response.json()) as PushAnswer;
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.status !== 503 || attempt >= BUSY_ATTEMPTS) throw error;
        await delay(error.retryAfterMs ?? BUSY_WAIT_MS);
      }
    }
  }

  /** The assigned specs, or null when they are those of `etag`. */
  async pull(etag: string | null): Promise<{ answer: PullAnswer; etag: string | null } | null> {
    const response = await this.request('/api/agent/pull', { method: 'GET', headers: etag ? { 'if-none-match': etag } : {} });
    if (response.status === 304) return null;
    return { answer: (await response.json()) as PullAnswer, etag: response.headers.get('etag') };
  }
}
