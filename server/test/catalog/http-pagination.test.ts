import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogTest } from './helpers.js';

/**
 * http scrapers follow pages as config-db's pagination does, against a paged API on loopback:
 * nextPageExpr (CEL over the response) until it answers nothing, merged by config-db's default or a
 * reduceExpr, or one page at a time, and capped by maxPages.
 */

const env = catalogTest('pharos-http-pagination-');

let api: Server;
let apiUrl: string;
const requested: string[] = [];
const PAGES = 3;

beforeAll(async () => {
  api = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requested.push(`${url.pathname}${url.search} ${request.headers['x-api-key'] ?? ''}`);
    const page = Number(url.searchParams.get('page') ?? '1');
    const items = [1, 2].map((n) => ({ host: `host-${page}-${n}`, page }));
    const next = page < PAGES ? `/hosts?page=${page + 1}` : null;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items, next }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => api?.close(resolve));
});

async function scrape(name: string, entry: string): Promise<{ names: string[]; errors: string[] }> {
  const id = (
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  http:
    - type: Inventory::Host
      id: $.host
      name: $.host
      url: ${apiUrl}/hosts?page=1
      headers:
        - name: X-Api-Key
          value: k-123
${entry}`)
  )[0]!;
  const run = await env.run(id);
  const { rows } = await env.server.pool.query<{ name: string }>('select name from configs where scraper_id = $1 order by name', [id]);
  return { names: rows.map((row) => row.name), errors: run.errors };
}

const ALL = ['host-1-1', 'host-1-2', 'host-2-1', 'host-2-2', 'host-3-1', 'host-3-2'];

describe('http pagination', () => {
  it('follows nextPageExpr to the last page and merges the items lists, with the same headers on every page', async () => {
    requested.length = 0;
    const result = await scrape('paged-default', `      pagination:
        nextPageExpr: response.body.?next.orValue(null)
`);
    expect(result.errors).toEqual([]);
    expect(result.names).toEqual(ALL);
    expect(requested).toEqual(['/hosts?page=1 k-123', '/hosts?page=2 k-123', '/hosts?page=3 k-123']);
  });

  it('merges by reduceExpr, scrapes page by page with perPage, and stops at maxPages', async () => {
    const reduced = await scrape('paged-reduce', `      pagination:
        nextPageExpr: response.body.?next.orValue(null)
        reduceExpr: acc + page.items.filter(i, i.host.endsWith('-1'))
`);
    expect(reduced.errors).toEqual([]);
    expect(reduced.names).toEqual(['host-1-1', 'host-2-1', 'host-3-1']);
    const perPage = await scrape('paged-per-page', `      items: $.items[*]
      pagination:
        nextPageExpr: "response.status == 200 ? response.body.?next.orValue(null) : null"
        perPage: true
`);
    expect(perPage.errors).toEqual([]);
    expect(perPage.names).toEqual(ALL);
    const capped = await scrape('paged-capped', `      pagination:
        nextPageExpr: response.body.?next.orValue(null)
        maxPages: 2
`);
    expect(capped.names).toEqual(['host-1-1', 'host-1-2', 'host-2-1', 'host-2-2']);
  });
});
