import { request, type Dispatcher } from 'undici';
import { isRecord } from '@pharos/core';
import { number, type CheckOutcome } from './types.js';

/**
 * `crawl` on an http check, as canary-checker's: from the url, follows the links (`<a href>`) of the
 * pages it reaches on the same host, `depth` links deep (10), a few at a time (`parallelism`, 2),
 * leaving out URLs `disallowedURLFilters` (regular expressions) match; it fails when a link answers
 * an error. Variables: visited (the count), missing (the URLs that failed).
 */

const DEFAULT_DEPTH = 10;
const DEFAULT_PARALLELISM = 2;
/** Most pages one crawl visits, so that a site of generated links cannot keep it going. */
const MAX_PAGES = 500;
/** Longest page read for links. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

const LINK = /<a\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

function linksOf(html: string, page: URL): URL[] {
  const links: URL[] = [];
  for (const match of html.matchAll(LINK)) {
    const href = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (href === '' || href.startsWith('#') || /^(mailto|javascript|tel|data):/i.test(href)) continue;
    try {
      const link = new URL(href, page);
      link.hash = '';
      links.push(link);
    } catch {
      // Not a URL: nothing to follow.
    }
  }
  return links;
}

async function fetchPage(url: URL, headers: Record<string, string>, dispatcher: Dispatcher | undefined, signal: AbortSignal): Promise<{ ok: boolean; html: string }> {
  try {
    const response = await request(url, { method: 'GET', headers, signal, ...(dispatcher ? { dispatcher } : {}) });
    const type = String(response.headers['content-type'] ?? '');
    if (response.statusCode >= 400 || !type.includes('html')) {
      await response.body.dump();
      return { ok: response.statusCode < 400, html: '' };
    }
    let html = '';
    for await (const chunk of response.body) {
      if (html.length < MAX_PAGE_BYTES) html += (chunk as Buffer).toString('utf8');
    }
    return { ok: true, html };
  } catch {
    return { ok: false, html: '' };
  }
}

export async function crawl(spec: Record<string, unknown>, start: URL, headers: Record<string, string>, dispatcher: Dispatcher | undefined, signal: AbortSignal): Promise<CheckOutcome> {
  const options = isRecord(spec['crawl']) ? spec['crawl'] : {};
  const depth = number(options['depth']) || DEFAULT_DEPTH;
  const parallelism = number(options['parallelism']) || DEFAULT_PARALLELISM;
  const filters: RegExp[] = [];
  for (const filter of Array.isArray(options['disallowedURLFilters']) ? options['disallowedURLFilters'] : []) {
    try {
      filters.push(new RegExp(String(filter)));
    } catch {
      return { pass: false, duration: 0, invalid: true, error: `invalid regex ${String(filter)}`, data: {} };
    }
  }
  const allowed = (url: URL): boolean => url.host === start.host && (url.protocol === 'http:' || url.protocol === 'https:') && !filters.some((filter) => filter.test(url.href));
  const started = performance.now();
  const seen = new Set<string>([start.href]);
  const missing: string[] = [];
  let level: URL[] = [start];
  let visited = 0;
  for (let current = 1; level.length > 0 && current <= depth && visited < MAX_PAGES; current++) {
    const next: URL[] = [];
    for (let index = 0; index < level.length && visited < MAX_PAGES; index += parallelism) {
      const batch = level.slice(index, index + parallelism);
      visited += batch.length;
      const pages = await Promise.all(batch.map((url) => fetchPage(url, headers, dispatcher, signal)));
      pages.forEach((page, position) => {
        if (!page.ok) missing.push(batch[position]!.href);
        for (const link of linksOf(page.html, batch[position]!)) {
          if (allowed(link) && !seen.has(link.href)) {
            seen.add(link.href);
            next.push(link);
          }
        }
      });
    }
    level = next;
  }
  const duration = Math.round(performance.now() - started);
  missing.sort();
  const data = { visited, missing, duration };
  const message = `Visited: ${visited}${missing.length > 0 ? `, Missing: ${missing.length}` : ''}`;
  return missing.length > 0 ? { pass: false, duration, error: message, data } : { pass: true, duration, message, data };
}
