import { apiErrorFrom, ApiError } from './api-error';
import { baseFetch as cookieFetch } from './base-fetch';
import { directTarget, isDirectCall } from './direct-mode';
import { currentPath, navigate } from './navigation';
import { AUTH_STATE_CHECKER_PATH, LOGIN_PATH, PROFILE_SETTINGS_PATH, VERIFICATION_PATH } from './session-paths';
import { sessionRedirectFor } from './session-redirect';

/**
 * The one HTTP client. Three layers, each built on the one before:
 * - `baseFetch`: fetch with the session cookie and a JSON Accept header (the identity client uses it
 *   as is, because a 401 there is an answer, not a lost session);
 * - `apiFetch`: baseFetch plus the session handling: a 401 or a second-factor demand redirects and
 *   rejects with an ApiError marked `redirected` (the data-service client uses it);
 * - `http.get/post/…`: apiFetch plus JSON bodies, query strings and ApiError for any failure.
 */

/** baseFetch, except that a direct-mode organization's calls go to its backend with the front door's bearer token and without cookies. */
export async function baseFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const direct = await directTarget(input);
  if (!direct) return cookieFetch(input, init);
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set('Authorization', direct.authorization);
  return fetch(direct.url, { ...init, headers, credentials: 'omit' });
}

/** Pages that must not redirect again (their own calls may well answer 401). */
const SESSION_PAGES = [AUTH_STATE_CHECKER_PATH, LOGIN_PATH, VERIFICATION_PATH, PROFILE_SETTINGS_PATH];

async function peekJson(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return null;
  }
}

export async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await baseFetch(input, init);
  if (response.status !== 401 && response.status !== 403 && response.status !== 422) return response;
  const body = response.status === 401 ? null : await peekJson(response);
  const target = sessionRedirectFor(response.status, body, currentPath(), isDirectCall(input));
  if (!target) return response;
  const onSessionPage = SESSION_PAGES.includes(window.location.pathname);
  if (!onSessionPage) navigate(target, { replace: true });
  throw await apiErrorFrom(response, { redirected: !onSessionPage });
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Appended as a query string; null and undefined are left out. */
  query?: Record<string, QueryValue>;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** The request outlives the page (a save sent just before the person leaves it). */
  keepalive?: boolean;
  /**
   * `redirect` (default): the session handling applies. `none`: failures of any kind come back
   * as ApiError, e.g. for the session check itself.
   */
  session?: 'redirect' | 'none';
}

export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers(options.headers);
  const init: RequestInit = { method, headers, signal: options.signal, keepalive: options.keepalive };
  if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  const url = withQuery(path, options.query);
  const response = options.session === 'none' ? await baseFetch(url, init) : await apiFetch(url, init);
  if (!response.ok) throw await apiErrorFrom(response);
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ApiError(response.status, 'The server answered with something other than JSON', text, { cause });
  }
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
};
