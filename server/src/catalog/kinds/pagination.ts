import { isRecord, parseGoDuration } from '@pharos/core';
import { setTimeout as sleep } from 'node:timers/promises';
import { fetchPage, type Page, type PageRequest } from './http-page.js';
import type { KindContext } from './types.js';

/** Pages followed when `maxPages` does not say (a guard against a next-page expression that never stops). */
const DEFAULT_MAX_PAGES = 1_000;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Headers that carry credentials: a next page of another origin does not inherit them. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/** The previous page's headers, without its credentials when `url` is of another origin. */
function inheritedHeaders(url: string, previous: PageRequest): Record<string, string> {
  const headers = { ...previous.headers };
  if (new URL(url).origin !== new URL(previous.url).origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  return headers;
}

/**
 * What `nextPageExpr` answered: a URL, a request ({url, method, body, headers}), or nothing (the last
 * page); the credentials of the first request go only to pages of its origin.
 */
function nextRequest(answer: unknown, previous: PageRequest): PageRequest | null {
  if (answer === null || answer === undefined || answer === '') return null;
  if (typeof answer === 'string') {
    const url = new URL(answer, previous.url).toString();
    return { url, method: 'GET', headers: inheritedHeaders(url, previous) };
  }
  if (!isRecord(answer) || !text(answer['url'])) return null;
  const url = new URL(answer['url'] as string, previous.url).toString();
  const headers = inheritedHeaders(url, previous);
  if (isRecord(answer['headers'])) for (const [name, value] of Object.entries(answer['headers'])) headers[name.toLowerCase()] = String(value);
  return { url, method: text(answer['method']) ?? 'GET', headers, body: text(answer['body']) };
}

/** config-db's default merge: a list's entries, else the `value`, `items` or `Items` list of an object, else the page. */
function defaultReduce(accumulated: unknown[], page: unknown): unknown[] {
  if (Array.isArray(page)) return [...accumulated, ...(page as unknown[])];
  if (isRecord(page)) {
    for (const key of ['value', 'items', 'Items']) if (Array.isArray(page[key])) return [...accumulated, ...(page[key] as unknown[])];
  }
  return [...accumulated, page];
}

const responseOf = (page: Page) => ({ body: page.document, headers: page.headers, status: page.status, url: page.url });

/**
 * `pagination` (config-db's): `nextPageExpr` (CEL over `response`) gives each next request until it
 * answers nothing or `maxPages` is reached, `delay` apart; the pages are merged into one list by
 * `reduceExpr` (CEL over `acc` and `page`) or config-db's default, or scraped one by one (`perPage`).
 */
export async function paginate(spec: Record<string, unknown>, pagination: Record<string, unknown>, first: PageRequest, firstPage: Page, context: KindContext): Promise<unknown[]> {
  const { cel } = context;
  if (!cel) throw new Error('pagination needs the expression sandbox');
  const nextPageExpr = text(pagination['nextPageExpr']);
  if (!nextPageExpr) throw new Error('pagination.nextPageExpr is required');
  const reduceExpr = text(pagination['reduceExpr']);
  const perPage = pagination['perPage'] === true;
  const maxPages = typeof pagination['maxPages'] === 'number' && pagination['maxPages'] > 0 ? pagination['maxPages'] : DEFAULT_MAX_PAGES;
  const delayMs = text(pagination['delay']) ? parseGoDuration(pagination['delay'] as string) : 0;

  const pages: unknown[] = [];
  let accumulated: unknown[] = [];
  const add = async (page: Page) => {
    if (perPage) pages.push(page.document);
    else if (reduceExpr) {
      const answer = await cel(reduceExpr, { acc: accumulated, page: page.document });
      if (!Array.isArray(answer)) throw new Error('pagination.reduceExpr must answer a list');
      accumulated = answer as unknown[];
    } else accumulated = defaultReduce(accumulated, page.document);
  };

  let request = first;
  let page = firstPage;
  await add(page);
  for (let count = 1; count < maxPages; count += 1) {
    const next = nextRequest(await cel(nextPageExpr, { response: responseOf(page) }), request);
    if (!next) break;
    if (delayMs > 0) await sleep(delayMs, undefined, { signal: context.signal });
    try {
      page = await fetchPage(spec, next, context.signal);
    } catch (error) {
      throw new Error(`page ${count + 1}: ${(error as Error).message}`);
    }
    request = next;
    await add(page);
  }
  return perPage ? pages : [accumulated];
}
