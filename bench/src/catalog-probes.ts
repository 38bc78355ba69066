import { answer, type CatalogProbe } from './catalog-requests.js';
import { SEARCH_TERM } from './catalog-shape.js';

export interface ProbeContext {
  url: string;
  token: string;
  /** Live configs the detail probe opens, one per request in turn. */
  detailIds: readonly string[];
  /** The type the changes page is filtered by in its second probe. */
  changesType: string;
}

const CHANGES_PAGE_SIZE = 200;
/** The columns /catalog's flat table reads (web/src/features/catalog/list/catalog-list-api.ts). */
const LIST_COLUMNS = 'id,name,type,config_class,status,health,labels,tags,created_at,updated_at,deleted_at,cost_total_1d,cost_total_30d,config_items_last_scraped_time(last_scraped_time)';
const SEARCH_COLUMNS = ['name', 'type', 'description', 'namespace'];

function post(context: ProbeContext, path: string, body: unknown): Promise<Response> {
  return fetch(`${context.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${context.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function get(context: ProbeContext, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${context.url}${path}`, { headers: { authorization: `Bearer ${context.token}`, ...headers } });
}

/** The summary /catalog opens with: grouped by config class and type, changes and insights of 30 days, live items. */
function summary(context: ProbeContext): CatalogProbe {
  return {
    name: 'POST /api/catalog/summary (config_class,type; 30d)',
    request: async () => {
      const body = { groupBy: ['config_class', 'type'], deleted: false, changes: { since: '30d' }, analysis: { since: '30d' }, cost: '30d' };
      const rows = await answer<{ count: number }[]>(await post(context, '/api/catalog/summary', body), 'the summary');
      if (rows.length === 0) throw new Error('the summary has no groups');
    },
    count: () => ({ text: 'select count(*) from configs where deleted_at is null', values: [] }),
  };
}

/** The search box of /catalog: the configs relation with the flat table's columns, the live items whose name, type, description or namespace has the term. */
function nameSearch(context: ProbeContext): CatalogProbe {
  const or = `(${SEARCH_COLUMNS.map((column) => `${column}.ilike.*${SEARCH_TERM}*`).join(',')})`;
  const query = new URLSearchParams({ select: LIST_COLUMNS, deleted_at: 'is.null', or, order: 'deleted_at.desc.nullsfirst,type.asc,name.asc', limit: '200', offset: '0' });
  return {
    name: `GET /api/db/configs search '${SEARCH_TERM}' (200 rows, count=exact)`,
    request: async () => {
      const response = await get(context, `/api/db/configs?${query}`, { prefer: 'count=exact' });
      const rows = await answer<unknown[]>(response, 'the configs search');
      const total = response.headers.get('content-range')?.split('/')[1];
      if (rows.length === 0 || !total || total === '*') throw new Error(`the configs search answered ${rows.length} rows of ${total}`);
    },
    count: () => ({
      text: `select count(*) from configs where deleted_at is null and (${SEARCH_COLUMNS.map((column) => `${column} ilike $1`).join(' or ')})`,
      values: [`%${SEARCH_TERM}%`],
    }),
  };
}

/** The changes page: page 1 of 200, newest first, the default range of the last 2 days; optionally of one config type. */
function changes(context: ProbeContext, configType?: string): CatalogProbe {
  return {
    name: `POST /api/catalog/changes page 1 of 200, last 2 days${configType ? `, type ${configType}` : ''}`,
    request: async () => {
      const body = { page: 1, pageSize: CHANGES_PAGE_SIZE, sortBy: 'created_at', sortOrder: 'desc', from: 'now-2d', ...(configType ? { configType } : {}) };
      const page = await answer<{ changes: unknown[]; total: number }>(await post(context, '/api/catalog/changes', body), 'the changes page');
      if (page.changes.length !== Math.min(CHANGES_PAGE_SIZE, page.total)) throw new Error(`the changes page has ${page.changes.length} of ${page.total}`);
    },
    count: () => ({
      text: `select count(*) from config_changes cc join configs c on c.id = cc.config_id
             where c.deleted_at is null and cc.created_at >= now() - interval '2 days'${configType ? ' and c.type = $1' : ''}`,
      values: configType ? [configType] : [],
    }),
  };
}

/** The detail page's read: config_detail of one config (its row, scraper, agent and tab counts). */
function detail(context: ProbeContext): CatalogProbe {
  const id = (i: number) => context.detailIds[i % context.detailIds.length]!;
  return {
    name: 'GET /api/db/config_detail?id=eq.{id}',
    request: async (i) => {
      const rows = await answer<{ id: string }[]>(await get(context, `/api/db/config_detail?select=*&id=eq.${id(i)}`), 'config_detail');
      if (rows[0]?.id !== id(i)) throw new Error(`config_detail of ${id(i)} answered ${rows.length} rows`);
    },
    count: (i) => ({ text: 'select count(*) from configs where id = $1', values: [id(i)] }),
  };
}

export function catalogProbes(context: ProbeContext): CatalogProbe[] {
  return [summary(context), nameSearch(context), changes(context), changes(context, context.changesType), detail(context)];
}
