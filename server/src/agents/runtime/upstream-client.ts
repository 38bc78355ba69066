import type { PullAnswer } from '../pull-route.js';
import type { PushRow, TableOutcome } from '../sync/apply-page.js';
import type { SyncTableName } from '../sync/tables.js';

export interface PushAnswer {
  agent: { id: string; name: string };
  tables: Partial<Record<SyncTableName, TableOutcome>>;
}

/** Thrown for an answer of upstream other than success, with its status. */
export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 60_000;

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
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.ok || response.status === 304) return response;
    const text = await response.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: the text as it came
    }
    throw new UpstreamError(response.status, `${path} answered ${response.status}: ${message.slice(0, 500)}`);
  }

  async push(tables: Partial<Record<SyncTableName, PushRow[]>>): Promise<PushAnswer> {
    const response = await this.request('/api/agent/push', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(tables),
    });
    return (await response.json()) as PushAnswer;
  }

  /** The assigned specs, or null when they are those of `etag`. */
  async pull(etag: string | null): Promise<{ answer: PullAnswer; etag: string | null } | null> {
    const response = await this.request('/api/agent/pull', { method: 'GET', headers: etag ? { 'if-none-match': etag } : {} });
    if (response.status === 304) return null;
    return { answer: (await response.json()) as PullAnswer, etag: response.headers.get('etag') };
  }
}
