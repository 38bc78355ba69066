import type pg from 'pg';

/** Severities config_changes accepts; any other becomes info. */
export const CHANGE_SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'];

/** A change to write for an item of this scrape. */
export interface ChangeRow {
  config_id: string;
  change_type: string;
  severity: string;
  source: string | null;
  summary: string | null;
  patches: unknown;
  diff: string | null;
  details: unknown;
  /** Null for a change with an external id: that id makes it unique. */
  fingerprint: string | null;
  external_change_id: string | null;
  external_created_by: string | null;
  created_at: string | null;
}

export interface SavedChanges {
  /** The item of each change written. */
  insertedConfigIds: string[];
  /** Items whose change repeated one seen within the window: that change's count went up instead. */
  dedupedConfigIds: string[];
}

/**
 * Writes the changes of a scrape in one statement. A change whose fingerprint an earlier change of
 * the same item has, observed within the window, is that change again: its count goes up and it
 * takes the latest patch and time, first_observed stays. A change with an external id is written
 * once (a scrape that reads it again leaves it).
 */
export async function saveChanges(client: pg.PoolClient, changes: readonly ChangeRow[], dedupWindowMs: number): Promise<SavedChanges> {
  if (changes.length === 0) return { insertedConfigIds: [], dedupedConfigIds: [] };
  const { rows } = await client.query<{ inserted: string[]; deduped: string[] }>(
    `with n as (
       select * from jsonb_to_recordset($1::jsonb) as x(config_id uuid, change_type text, severity text, source text,
         summary text, patches jsonb, diff text, details jsonb, fingerprint text, external_change_id text, external_created_by text,
         created_at timestamptz)
     ), dup as (
       select distinct on (n.config_id, n.fingerprint) c.id, n.config_id, n.fingerprint, n.summary, n.patches, n.diff, n.details
       from n join config_changes c on c.config_id = n.config_id and c.fingerprint = n.fingerprint
         and c.created_at > now() - make_interval(secs => $2::double precision / 1000)
       where n.fingerprint is not null
       order by n.config_id, n.fingerprint, c.created_at desc
     ), bumped as (
       update config_changes c set count = c.count + 1, created_at = now(), summary = dup.summary, patches = dup.patches,
         diff = dup.diff, details = dup.details
       from dup where c.id = dup.id
       returning c.config_id
     ), inserted as (
       insert into config_changes (config_id, change_type, severity, source, summary, patches, diff, details, fingerprint,
         external_change_id, external_created_by, created_at, first_observed, created_by)
       select n.config_id, n.change_type, n.severity, n.source, n.summary, n.patches, n.diff, n.details, n.fingerprint,
         n.external_change_id, n.external_created_by, coalesce(n.created_at, now()), coalesce(n.created_at, now()), null
       from n
       where n.fingerprint is null or not exists (select 1 from dup where dup.config_id = n.config_id and dup.fingerprint = n.fingerprint)
       on conflict (config_id, external_change_id) do nothing
       returning config_id
     )
     select array(select config_id::text from inserted) as inserted, array(select config_id::text from bumped) as deduped`,
    [JSON.stringify(changes), dedupWindowMs],
  );
  return { insertedConfigIds: rows[0]!.inserted, dedupedConfigIds: rows[0]!.deduped };
}
