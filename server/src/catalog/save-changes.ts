import type { Operation } from 'fast-json-patch';
import type pg from 'pg';

/** A change to write for an item of this scrape. */
export interface ChangeRow {
  config_id: string;
  change_type: string;
  severity: string;
  source: string;
  summary: string;
  patches: Operation[];
  fingerprint: string;
}

export interface SavedChanges {
  inserted: number;
  /** Items whose change repeated one seen within the window: that change's count went up instead. */
  dedupedConfigIds: string[];
}

/**
 * Writes the changes of a scrape in one statement. A change whose fingerprint an earlier change of
 * the same item has, observed within the window, is that change again: its count goes up and it
 * takes the latest patch and time, first_observed stays.
 */
export async function saveChanges(client: pg.PoolClient, changes: readonly ChangeRow[], dedupWindowMs: number): Promise<SavedChanges> {
  if (changes.length === 0) return { inserted: 0, dedupedConfigIds: [] };
  const { rows } = await client.query<{ inserted: number; deduped: string[] }>(
    `with n as (
       select * from jsonb_to_recordset($1::jsonb) as x(config_id uuid, change_type text, severity text, source text,
         summary text, patches jsonb, fingerprint text)
     ), dup as (
       select distinct on (n.config_id, n.fingerprint) c.id, n.config_id, n.fingerprint, n.summary, n.patches
       from n join config_changes c on c.config_id = n.config_id and c.fingerprint = n.fingerprint
         and c.created_at > now() - make_interval(secs => $2::double precision / 1000)
       order by n.config_id, n.fingerprint, c.created_at desc
     ), bumped as (
       update config_changes c set count = c.count + 1, created_at = now(), summary = dup.summary, patches = dup.patches
       from dup where c.id = dup.id
       returning c.config_id
     ), inserted as (
       insert into config_changes (config_id, change_type, severity, source, summary, patches, fingerprint, created_by)
       select n.config_id, n.change_type, n.severity, n.source, n.summary, n.patches, n.fingerprint, null from n
       where not exists (select 1 from dup where dup.config_id = n.config_id and dup.fingerprint = n.fingerprint)
       returning 1
     )
     select (select count(*) from inserted)::integer as inserted,
            (select coalesce(array_agg(config_id), '{}') from bumped)::text[] as deduped`,
    [JSON.stringify(changes), dedupWindowMs],
  );
  return { inserted: rows[0]!.inserted, dedupedConfigIds: rows[0]!.deduped };
}
