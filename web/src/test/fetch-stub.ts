import { vi } from 'vitest';

/** One request the app made, with its JSON body parsed. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export interface StubResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface StubRoute {
  method?: string;
  /** A path (matched exactly, query ignored) or a pattern tested against path and query. */
  path: string | RegExp;
  respond: (request: RecordedRequest) => StubResponse | Promise<StubResponse>;
}

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable body'));
    reader.readAsText(blob);
  });
}

async function bodyOf(init: RequestInit | undefined): Promise<unknown> {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  const text = typeof body === 'string' ? body : body instanceof Blob ? await readBlob(body) : String(body);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function matches(route: StubRoute, request: RecordedRequest): boolean {
  if (route.method && route.method !== request.method) return false;
  if (typeof route.path === 'string') return route.path === request.url.pathname;
  return route.path.test(`${request.url.pathname}${request.url.search}`);
}

/**
 * Replaces `fetch` with a table of routes answering JSON, and records every request. An
 * unmatched request answers 404 (and is recorded), so a test sees what it did not expect.
 */
export function stubFetch(routes: StubRoute[]) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: RecordedRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: new URL(raw, window.location.origin),
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: await bodyOf(init),
    };
    requests.push(request);
    const route = routes.find((r) => matches(r, request));
    const answer = route ? await route.respond(request) : { status: 404, body: { message: `no stub for ${request.url.pathname}` } };
    const status = answer.status ?? 200;
    const payload = answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body);
    return new Response(payload, { status, headers: { 'Content-Type': 'application/json', ...answer.headers } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    requests,
    /** Requests to a path (query ignored), optionally of one method. */
    to: (path: string, method?: string) =>
      requests.filter((r) => r.url.pathname === path && (!method || r.method === method)),
  };
}

/** A JSON answer. */
export const json = (body: unknown, status = 200): StubResponse => ({ status, body });
