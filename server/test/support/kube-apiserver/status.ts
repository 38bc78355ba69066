import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KubeObject } from './store.js';

/** The API server's `Status` body. */
export function status(code: number, reason: string, message: string, details?: Record<string, unknown>): Record<string, unknown> {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: code < 400 ? 'Success' : 'Failure', message, reason, ...(details ? { details } : {}), code };
}

export function send(response: ServerResponse, code: number, body: unknown): void {
  response.writeHead(code, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** The request's body parsed from JSON, undefined when it is not JSON. */
export async function jsonOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export const objectOf = (parsed: unknown): KubeObject | undefined => (parsed && typeof parsed === 'object' && 'metadata' in parsed ? (parsed as KubeObject) : undefined);
