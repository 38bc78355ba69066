import type pg from 'pg';

/** An insight to write for an item of this scrape. */
export interface AnalysisRow {
  config_id: string;
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
  /** The item of each insight written or seen again. */
  seenConfigIds: string[];
  /** The item of each open insight no longer listed, now resolved. */
  resolvedConfigIds: string[];
}

/**
 * Writes the insights of a scrape in one statement, one per item and analyzer: a new one is added,
 * one seen again is updated (last_observed; a silenced one stays silenced), and the open insights of
 * the listed items that the data no longer lists are resolved.
 */
export async function saveAnalysis(client: pg.PoolClient, scraperId: string, rows: readonly AnalysisRow[], listedConfigIds: readonly string[]): Promise<SavedAnalysis> {
  if (listedConfigIds.length === 0) return { seenConfigIds: [], resolvedConfigIds: [] };
  const { rows: result } = await client.query<{ seen: string[]; resolved: string[] }>(
    `with n as (
       select * from jsonb_to_recordset($1::jsonb) as x(config_id uuid, analyzer text, analysis_type text, severity text,
         summary text, message text, analysis jsonb, source text, status text)
     ), updated as (
       update config_analysis a set analysis_type = n.analysis_type, severity = n.severity, summary = n.summary,
         message = n.message, analysis = n.analysis, source = n.source, last_observed = now(), scraper_id = $2,
         status = case when a.status = 'silenced' then a.status else n.status end
       from n where a.config_id = n.config_id and a.analyzer = n.analyzer
       returning a.config_id, a.analyzer
     ), inserted as (
       insert into config_analysis (config_id, scraper_id, analyzer, analysis_type, severity, summary, message, analysis,
         source, status, first_observed, last_observed)
       select n.config_id, $2, n.analyzer, n.analysis_type, n.severity, n.summary, n.message, n.analysis, n.source, n.status, now(), now()
       from n where not exists (select 1 from updated u where u.config_id = n.config_id and u.analyzer = n.analyzer)
       returning config_id
     ), resolved as (
       update config_analysis a set status = 'resolved'
       where a.config_id = any($3::uuid[]) and a.status = 'open'
         and not exists (select 1 from n where n.config_id = a.config_id and n.analyzer = a.analyzer)
       returning a.config_id
     )
     select array(select config_id::text from updated union all select config_id::text from inserted) as seen,
            array(select config_id::text from resolved) as resolved`,
    [JSON.stringify(rows), scraperId, listedConfigIds],
  );
  return { seenConfigIds: result[0]!.seen, resolvedConfigIds: result[0]!.resolved };
}
