import type { buildApp, Database } from './server.js';

type App = Awaited<ReturnType<typeof buildApp>>;
type Pool = Database['pool'];

export const HANDWRITTEN_PATH = '/api/bench/incidents';

/** What the generic data service is asked; the hand-written route answers the same rows, every column of them (select=*). */
export const GENERIC_PATH = '/api/db/incidents?select=*,created_by(id,name)&status=eq.open&order=created_at.desc&limit=100';

const ROWS_SQL = `
  SELECT i.id, i.incident_id, i.title, i.description, i.type, i.severity, i.status,
         i.commander_id, i.communicator_id, i.incident_rule_id, i.created_at, i.updated_at,
         i.incident_rule_subject, i.deleted_at, i.deleted_by,
         (SELECT row_to_json(p) FROM (SELECT id, name FROM people WHERE id = i.created_by) p) AS created_by
    FROM incidents i
   WHERE status = $1
   ORDER BY created_at DESC
   LIMIT 100`;

const PAGE_SQL = `SELECT coalesce(json_agg(t), '[]')::text AS body FROM (${ROWS_SQL}) t`;

const COUNTED_PAGE_SQL = `
  SELECT (SELECT count(*) FROM incidents WHERE status = $1) AS total,
         count(*)::int AS page_total,
         coalesce(json_agg(t), '[]')::text AS body
    FROM (${ROWS_SQL}) t`;

interface Query {
  status?: string;
  count?: string;
}

/**
 * `GET /api/bench/incidents[?count=exact]`: the generic request written by hand as one SQL
 * statement. Registered under /api, so it passes the same access guard.
 */
export function addHandwrittenRoute(app: App, pool: Pool): void {
  app.get<{ Querystring: Query }>(HANDWRITTEN_PATH, async (request, reply) => {
    const status = request.query.status ?? 'open';
    reply.type('application/json; charset=utf-8');
    if (request.query.count !== 'exact') {
      const { rows } = await pool.query<{ body: string }>(PAGE_SQL, [status]);
      return reply.send(rows[0]?.body ?? '[]');
    }
    const { rows } = await pool.query<{ total: string; page_total: number; body: string }>(COUNTED_PAGE_SQL, [status]);
    const row = rows[0];
    if (!row) throw new Error('The count query returned no row');
    const total = Number(row.total);
    const range = row.page_total > 0 ? `0-${row.page_total - 1}` : '*';
    return reply
      .code(row.page_total < total ? 206 : 200)
      .header('content-range', `${range}/${total}`)
      .send(row.body);
  });
}
