import type pg from 'pg';

/** An insight to write: for an item of this scrape, or for the config of a type and external id. */
export interface AnalysisRow {
  config_id: string | null;
  target_type: string | null;
  target_external_id: string | null;
  /** Set when the insight names its own id (external_analysis_id): it is found again by it. */
  id: string | null;
  analyzer: string;
  analysis_type: string;
  severity: string;
  summary: string | null;
  message: string | null;
  analysis: unknown;
  source: string | null;
  status: string;
}

export interface SavedAnalysis {
  /** The type of the config of each insight written or seen again. */
  seenTypes: string[];
  /** The type of the config of each open insight now resolved. */
  resolvedTypes: string[];
  /** Insights whose config was not found: not written. */
  skipped: number;
}

/**
 * Writes the insights of a scrape in one statement. An insight about another config (its type and
 * external id) goes to that config, this scraper's first, and is skipped when there is none. One
 * that names its own id is found again by it, any other by its config and analyzer: a new one is
 * added, one seen again is updated (last_observed; a silenced one stays silenced), and the open
 * insights of the listed items that the scrape no longer lists are resolved.
 */
export async function saveAnalysis(client: pg.PoolClient, scraperId: string, rows: readonly AnalysisRow[], listedConfigIds: readonly string[]): Promise<SavedAnalysis> {
  if (listedConfigIds.length === 0 && rows.length === 0) return { seenTypes: [], resolvedTypes: [], skipped: 0 };
  const { rows: result } = await client.query<{ seen: string[]; resolved: string[]; skipped: number }>(
    `with given as (
       select * from jsonb_to_recordset($1::jsonb) as x(config_id uuid, target_type text, target_external_id text, id uuid,
         analyzer text, analysis_type text, severity text, summary text, message text, analysis jsonb, source text, status text)
     ), found as (
       select g.*, coalesce(g.config_id, (select c.id from configs c where c.type = g.target_type and c.external_id = g.target_external_id
                                          order by (c.scraper_id = $2) desc, c.deleted_at nulls first limit 1)) as target_id
       from given g
     ), n as (
       select distinct on (f.target_id, coalesce(f.id::text, f.analyzer)) f.target_id as config_id, f.id, f.analyzer, f.analysis_type,
         f.severity, f.summary, f.message, f.analysis, f.source, f.status
       from found f where f.target_id is not null
       order by f.target_id, coalesce(f.id::text, f.analyzer)
     ), updated as (
       update config_analysis a set config_id = n.config_id, analyzer = n.analyzer, analysis_type = n.analysis_type, severity = n.severity,
         summary = n.summary, message = n.message, analysis = n.analysis, source = n.source, last_observed = now(), scraper_id = $2,
         status = case when a.status = 'silenced' then a.status else n.status end
       from n where (n.id is not null and a.id = n.id) or (n.id is null and a.config_id = n.config_id and a.analyzer = n.analyzer)
       returning a.config_id, a.id, a.analyzer
     ), inserted as (
       insert into config_analysis (id, config_id, scraper_id, analyzer, analysis_type, severity, summary, message, analysis,
         source, status, first_observed, last_observed)
       select coalesce(n.id, gen_random_uuid()), n.config_id, $2, n.analyzer, n.analysis_type, n.severity, n.summary, n.message,
         n.analysis, n.source, n.status, now(), now()
       from n where not exists (select 1 from updated u where (n.id is not null and u.id = n.id)
                                  or (n.id is null and u.config_id = n.config_id and u.analyzer = n.analyzer))
       returning config_id
     ), resolved as (
       update config_analysis a set status = 'resolved'
       where a.config_id = any($3::uuid[]) and a.status = 'open'
         and not exists (select 1 from n where n.config_id = a.config_id
                           and ((n.id is not null and n.id = a.id) or (n.id is null and n.analyzer = a.analyzer)))
       returning a.config_id
     )
     select array(select c.type from (select config_id from updated union all select config_id from inserted) s join configs c on c.id = s.config_id) as seen,
            array(select c.type from resolved r join configs c on c.id = r.config_id) as resolved,
            (select count(*) from found where target_id is null)::integer as skipped`,
    [JSON.stringify(rows), scraperId, listedConfigIds],
  );
  return { seenTypes: result[0]!.seen, resolvedTypes: result[0]!.resolved, skipped: result[0]!.skipped };
}

/**
 * `retention.staleAnalysisAge` (config-db's): the scraper's insights not observed for that long are
 * resolved, whether or not anything lists their config any more. Answers the type of each.
 */
export async function resolveStaleAnalysis(client: pg.PoolClient, scraperId: string, maxAgeMs: number): Promise<string[]> {
  const { rows } = await client.query<{ type: string }>(
    `update config_analysis a set status = 'resolved'
     from configs c
     where c.id = a.config_id and a.scraper_id = $1 and a.status <> 'resolved'
       and coalesce(a.last_observed, a.first_observed) <= now() - make_interval(secs => $2::double precision / 1000)
     returning c.type`,
    [scraperId, maxAgeMs],
  );
  return rows.map((row) => row.type);
}
