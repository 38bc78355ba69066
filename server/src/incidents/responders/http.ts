import { isRecord } from '@pharos/core';
import type { ResolvedConnection } from '../../connections/resolve.js';
import { timeoutSignal } from '../../modules/timeout-signal.js';

/** Longest one request to a client system may take. */
export const REMOTE_TIMEOUT_MS = 15_000;

/** A client system refused or could not be reached; the message is what the web shows. */
export class RemoteError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RemoteError';
  }
}

/** The team's client or its connection lacks something: a matter of settings, not of the remote system. */
export class ClientSettingsError extends RemoteError {
  constructor(message: string) {
    super(message);
    this.name = 'ClientSettingsError';
  }
}

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT';
  headers?: Record<string, string>;
  /** Sent as JSON unless already a string. */
  body?: unknown;
  signal?: AbortSignal;
}

/** The reason an error answer gives, in the shapes Jira, ServiceNow, Graph, AWS and the rest use. */
function reasonIn(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 300) || undefined;
  if (!isRecord(body)) return undefined;
  const messages = body['errorMessages'];
  const errors = body['errors'];
  const parts: string[] = [];
  if (Array.isArray(messages)) parts.push(...messages.map(String));
  if (isRecord(errors)) parts.push(...Object.entries(errors).map(([field, text]) => `${field}: ${String(text)}`));
  if (parts.length > 0) return parts.join('; ');
  const error = body['error'];
  if (isRecord(error)) return [error['code'], error['message'], error['detail']].filter((part) => typeof part === 'string' && part !== '').join(': ') || undefined;
  if (typeof error === 'string') return typeof body['error_description'] === 'string' ? `${error}: ${body['error_description']}` : error;
  for (const key of ['message', 'Message']) if (typeof body[key] === 'string') return body[key];
  return undefined;
}

/** The connection's base URL with `path` added, without doubled slashes. */
export function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Basic with the connection's username and password, a bearer token when it has only a password. */
export function authorization(connection: ResolvedConnection): Record<string, string> {
  if (connection.username) return { authorization: `Basic ${Buffer.from(`${connection.username}:${connection.password ?? ''}`).toString('base64')}` };
  if (connection.password) return { authorization: `Bearer ${connection.password}` };
  return {};
}

/** The base URL of a connection, or a clear error naming what is missing. */
export function baseUrl(connection: ResolvedConnection, fallback?: string): string {
  const url = connection.url || fallback;
  if (!url) throw new ClientSettingsError(`the connection ${connection.name} has no URL`);
  return url;
}

/** One request that answers JSON; throws RemoteError with the system's own reason. */
export async function requestJson<T = unknown>(url: string, request: JsonRequest = {}): Promise<{ body: T; headers: Headers }> {
  const host = new URL(url).host;
  const timeout = timeoutSignal(REMOTE_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: { accept: 'application/json', ...(request.body !== undefined && typeof request.body !== 'string' ? { 'content-type': 'application/json' } : {}), ...request.headers },
      ...(request.body !== undefined ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) } : {}),
      signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${REMOTE_TIMEOUT_MS / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new RemoteError(`could not reach ${host}: ${reason}`);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // not JSON: the text is the reason
  }
  if (!response.ok) throw new RemoteError(`${host} answered ${response.status}: ${reasonIn(body) ?? response.statusText}`, response.status);
  return { body: body as T, headers: response.headers };
}

/** A required string of an answer, or a RemoteError saying the answer is not what the API documents. */
export function field(body: unknown, key: string, what: string): string {
  const value = isRecord(body) ? body[key] : undefined;
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  throw new RemoteError(`${what} answered without ${key}`);
}

/** A required field of the responder, or the error the web shows ('Please provide valid value' is the dialog's). */
export function required(fields: Record<string, string>, name: string): string {
  const value = fields[name];
  if (value === undefined || value.trim() === '') throw new RemoteError(`the responder has no ${name}`);
  return value;
}
