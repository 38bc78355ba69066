import { withoutCredentials } from '@pharos/core';
import { parseFormat } from '../parse-format.js';
import { text } from './types.js';

/** Largest response read. */
const MAX_BODY_BYTES = 256 * 1024 * 1024;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The format of a response: the spec's, else by its content type (JSON unless it says otherwise). */
function formatOf(spec: Record<string, unknown>, contentType: string): string {
  const given = text(spec['format']);
  if (given) return given;
  if (/yaml/i.test(contentType)) return 'yaml';
  if (/xml/i.test(contentType)) return 'xml';
  return 'json';
}

/** A request of a scrape: the first one, or a next page. */
export interface PageRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

/** An answer, as pagination's CEL sees it (`response.body`, `.headers`, `.status`, `.url`) and as it is scraped. */
export interface Page {
  url: string;
  status: number;
  headers: Record<string, string>;
  /** Parsed by the spec's format or the content type. */
  document: unknown;
}

/** Sends one request; a page, or an error naming what the server answered. */
export async function fetchPage(spec: Record<string, unknown>, request: PageRequest, signal: AbortSignal): Promise<Page> {
  let target: URL;
  try {
    target = new URL(request.url);
  } catch {
    throw new Error(`url ${withoutCredentials(request.url)} is not a URL`);
  }
  const method = request.method.toUpperCase();
  if (!METHODS.includes(method)) throw new Error(`method must be one of ${METHODS.join(', ')}`);
  const response = await fetch(target, { method, headers: request.headers, ...(request.body !== undefined && method !== 'GET' ? { body: request.body } : {}), signal, redirect: 'follow' });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      await response.body?.cancel();
      throw new Error(`the response is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
    }
    chunks.push(Buffer.from(chunk));
  }
  const content = Buffer.concat(chunks).toString('utf8');
  if (!response.ok) throw new Error(`${method} ${target.origin}${target.pathname} answered ${response.status}${content ? `: ${content.slice(0, 200)}` : ''}`);
  const headers = Object.fromEntries(response.headers.entries());
  return { url: target.toString(), status: response.status, headers, document: parseFormat(content, formatOf(spec, headers['content-type'] ?? '')) };
}
