import type pg from 'pg';
import { answer } from '../catalog-requests.js';

/** A screen's request, with the plain SELECT of the same rows as its baseline. */
export interface IncidentProbe {
  name: string;
  /** Sends the i-th request of the run, checks its answer and answers how many rows it gave. */
  request(i: number): Promise<number>;
  /** The i-th plain read of the same rows: sent with pg and written as JSON by the bench itself; answers its rows. */
  plain(i: number): Promise<number>;
}

export interface ProbeContext {
  url: string;
  token: string;
  pool: pg.Pool;
  /** Incidents the detail probe opens, one per request in turn. */
  detailIds: readonly string[];
  /** The owner filter's person, the component filter's component and the search box's word. */
  owner: string;
  component: string;
  word: string;
  /** Zero-based page the deep-page probes read (page 50 at full size). */
  deepPage: number;
}

/** What /incidents asks for (web/src/features/incidents/api.ts, useIncidentList). */
const SUMMARY_SELECT = 'id,incident_id,title,type,severity,status,created_at,created_by,commander,responders,component_ids';
const PAGE = 200;
/** What /incidents/{id} asks for (useIncident). */
const PERSON = '(id,name,avatar)';
const DETAIL_SELECT = ['*', `commander:commander_id${PERSON}`, `creator:created_by${PERSON}`, `hypotheses(*,comments(*,person:created_by${PERSON}),evidences(*,component:component_id(id,name,icon)))`].join(',');

async function get<T>(context: ProbeContext, path: string, what: string): Promise<T> {
  return answer<T>(await fetch(`${context.url}${path}`, { headers: { authorization: `Bearer ${context.token}` } }), what);
}

async function plainRows(context: ProbeContext, text: string, values: unknown[]): Promise<number> {
  const { rows } = await context.pool.query(text, values);
  JSON.stringify(rows);
  return rows.length;
}

interface ListFilter {
  label: string;
  /** The filter as the page writes it in the data service's query. */
  query: string;
  /** The same filter over incidents `i`, with its parameters. */
  where: string;
  values: unknown[];
  /** Zero-based page of PAGE incidents. */
  page?: number;
  /** Reached by Next: read on from the last row of the page before (else counted off from the start, as Go to page does). */
  next?: boolean;
}

/** The list's filters of spec 2 §2, each with the default status (open) as the page sends them. */
function listFilters(context: ProbeContext): ListFilter[] {
  const open = { query: 'status=eq.open', where: "i.status = 'open'" };
  return [
    { label: 'status open (the default)', query: open.query, where: open.where, values: [] },
    { label: 'status open, severity Low', query: `${open.query}&severity=in.(low,medium)`, where: `${open.where} and i.severity in ('low', 'medium')`, values: [] },
    { label: 'status open, type security', query: `${open.query}&type=eq.security`, where: `${open.where} and i.type = 'security'`, values: [] },
    { label: 'status open, owner', query: `${open.query}&created_by=eq.${context.owner}`, where: `${open.where} and i.created_by = $1`, values: [context.owner] },
    {
      label: 'status open, component',
      query: `${open.query}&component_ids=cs.{${context.component}}`,
      where: `${open.where} and exists (select 1 from hypotheses h join evidences e on e.hypothesis_id = h.id where h.incident_id = i.id and e.component_id = $1)`,
      values: [context.component],
    },
    { label: `status open, search '${context.word}'`, query: `${open.query}&title=ilike.*${context.word}*`, where: `${open.where} and i.title ilike $1`, values: [`%${context.word}%`] },
    { label: `every status, search '${context.word}'`, query: `title=ilike.*${context.word}*`, where: 'i.title ilike $1', values: [`%${context.word}%`] },
    { label: `status open, page ${context.deepPage + 1} by Next`, query: open.query, where: open.where, values: [], page: context.deepPage, next: true },
    { label: `status open, page ${context.deepPage + 1} by Go to page`, query: open.query, where: open.where, values: [], page: context.deepPage },
  ];
}

/** The summary's query string reading on from `from` (the screen's Next), or from the start. */
function readOnFrom(from: { created_at: string; id: string } | undefined): string {
  if (!from) return '';
  const or = `(created_at.lt.${from.created_at},and(created_at.eq.${from.created_at},id.lt.${from.id}))`;
  return `&created_at=lte.${encodeURIComponent(from.created_at)}&or=${encodeURIComponent(or)}`;
}

function listProbe(context: ProbeContext, filter: ListFilter): IncidentProbe {
  const page = filter.page ?? 0;
  const order = 'order by i.created_at desc, i.id desc';
  /** Where a page reached by Next starts: the last row of the page before, as the screen keeps it. */
  let kept: Promise<{ created_at: string; id: string } | undefined> | undefined;
  const keptStart = () =>
    (kept ??= context.pool
      .query<{ created_at: string; id: string }>(`select to_json(i.created_at) #>> '{}' as created_at, i.id from incidents i where ${filter.where} ${order} offset ${page * PAGE - 1} limit 1`, filter.values)
      .then(({ rows }) => rows[0]));
  /** Go to page: the row it starts after, counted off in the incidents table as the screen does. */
  const countOff = async () =>
    (await get<{ created_at: string; id: string }[]>(context, `/api/db/incidents?select=id,created_at&${filter.query}&order=created_at.desc,id.desc&offset=${page * PAGE - 1}&limit=1`, filter.label))[0];
  // As the page asks: one row more than it shows, to know whether another page follows.
  const base = `/api/db/incident_summary?select=${SUMMARY_SELECT}&${filter.query}&order=created_at.desc,id.desc&offset=0&limit=${PAGE + 1}`;
  return {
    name: `GET /api/db/incident_summary (${filter.label}, ${PAGE} a page)`,
    request: async () => {
      const from = page === 0 ? undefined : filter.next ? await keptStart() : await countOff();
      return (await get<unknown[]>(context, `${base}${readOnFrom(from)}`, filter.label)).length;
    },
    plain: () =>
      plainRows(
        context,
        `select i.id, i.incident_id, i.title, i.type, i.severity, i.status, i.created_at, i.created_by, i.commander_id from incidents i
          where ${filter.where} ${order} offset ${page * PAGE} limit ${PAGE + 1}`,
        filter.values,
      ),
  };
}

function detailProbe(context: ProbeContext): IncidentProbe {
  const idOf = (i: number): string => context.detailIds[i % context.detailIds.length]!;
  return {
    name: 'GET /api/db/incidents?id=eq.{id} (the incident with its people, hypotheses, their comments and evidence)',
    request: async (i) => {
      const rows = await get<{ hypotheses: { comments: unknown[]; evidences: unknown[] }[] }[]>(context, `/api/db/incidents?select=${DETAIL_SELECT}&id=eq.${idOf(i)}`, 'the detail');
      if (rows.length !== 1 || rows[0]!.hypotheses.length === 0) throw new Error(`the detail of ${idOf(i)} has no incident or no hypotheses`);
      return rows[0]!.hypotheses.reduce((sum, h) => sum + 1 + h.comments.length + h.evidences.length, 1);
    },
    plain: async (i) => {
      const { rows } = await context.pool.query<{ incident: unknown; hypotheses: unknown[]; comments: unknown[]; evidences: unknown[] }>(
        `select (select to_jsonb(i) from incidents i where i.id = $1) as incident,
                (select jsonb_agg(h) from hypotheses h where h.incident_id = $1) as hypotheses,
                (select jsonb_agg(c) from comments c where c.incident_id = $1) as comments,
                (select jsonb_agg(e) from evidences e join hypotheses h on h.id = e.hypothesis_id where h.incident_id = $1) as evidences`,
        [idOf(i)],
      );
      JSON.stringify(rows);
      const row = rows[0]!;
      return 1 + (row.hypotheses?.length ?? 0) + (row.comments?.length ?? 0) + (row.evidences?.length ?? 0);
    },
  };
}

export function incidentProbes(context: ProbeContext): IncidentProbe[] {
  return [...listFilters(context).map((filter) => listProbe(context, filter)), detailProbe(context)];
}
