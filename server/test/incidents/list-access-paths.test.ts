import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type FreshDatabase } from '../support/server.js';

/**
 * The plans behind /incidents' list at a size where the planner has a choice (20,000 incidents): the
 * search box's title=ilike.*word* finds a rare word through the trigram index instead of reading every
 * incident, a common word still walks created_at and stops at the page, and Go to page counts off rows
 * in the list's order (created_at DESC, id DESC) with the status filter from the index alone.
 */

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

let database: FreshDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await freshDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
  // Six statuses in runs of 7, twelve words, and ties on created_at every 10 incidents.
  await pool.query(
    `insert into incidents (title, status, created_at)
     select initcap((array['checkout','payments','search','login','orders','billing','inventory','shipping','catalog','reports','gateway','cache'])[1 + g % 12])
              || ' degraded on service-' || (1 + g % 100) || ' #' || g,
            (array['new','open','investigating','mitigated','resolved','closed'])[1 + (g / 7) % 6],
            timestamptz '2026-01-01' - (g / 10) * interval '1 minute'
       from generate_series(1, 20000) g`,
  );
  await pool.query('vacuum analyze incidents');
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

async function plan(text: string, values: unknown[] = []): Promise<PlanNode> {
  const { rows } = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>({ text: `explain (format json) ${text}`, values });
  return rows[0]!['QUERY PLAN'][0]!.Plan;
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

const ORDER = 'order by created_at desc, id desc';

describe('the incidents list', () => {
  it('finds a rare word in titles through the trigram index', async () => {
    const text = `select id, title from incident_summary where title ilike $1 ${ORDER} limit 201`;
    const used = nodes(await plan(text, ['%#12345%']));
    expect(used.some((n) => n['Node Type'] === 'Bitmap Index Scan' && n['Index Name'] === 'incidents_title_trgm_idx')).toBe(true);
    expect(used.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'incidents')).toBe(false);
    const { rows } = await pool.query<{ title: string }>(text, ['%#12345%']);
    expect(rows.map((row) => row.title)).toEqual(['Reports degraded on service-46 #12345']);
  });

  it('walks created_at for a common word and stops at the page', async () => {
    const text = `select id, title from incident_summary where title ilike $1 ${ORDER} limit 201`;
    const used = nodes(await plan(text, ['%checkout%']));
    expect(used.some((n) => n['Index Name'] === 'incidents_created_at_id_idx')).toBe(true);
    expect(used.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort')).toBe(false);
    const { rows } = await pool.query<{ title: string }>(text, ['%CHECKOUT%']);
    expect(rows).toHaveLength(201);
    expect(rows.every((row) => row.title.startsWith('Checkout degraded'))).toBe(true);
  });

  it('counts off a page of one status from the index alone, in the list order', async () => {
    const text = `select id, created_at from incidents where status = $1 ${ORDER} offset $2 limit 1`;
    const used = nodes(await plan(text, ['open', 2999]));
    expect(used.some((n) => n['Node Type'] === 'Index Only Scan' && n['Index Name'] === 'incidents_status_created_at_id_idx')).toBe(true);
    expect(used.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort')).toBe(false);

    const { rows: all } = await pool.query<{ id: string; created_at: Date }>(`select id, created_at from incidents where status = 'open'`);
    const sorted = all.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const { rows } = await pool.query<{ id: string }>(text, ['open', 2999]);
    expect(rows[0]!.id).toBe(sorted[2999]!.id);
  });
});
