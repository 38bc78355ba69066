import type pg from 'pg';
import type { RelationshipSelector } from './scrape-types.js';

/** A selector of one item of this scrape. */
export interface SelectorRow {
  config_id: string;
  parent: boolean;
  selector: RelationshipSelector;
}

/** How relationships made by a scraper's selectors are told from others (manual links, parent edges). */
export const selectorIdOf = (scraperId: string) => `scraper:${scraperId}`;

/**
 * Writes the relationships the selectors find, in one statement: item → each config found (found →
 * item for `parent`), among this scraper's configs unless the selector's scope is `all`; the
 * relationships an item's selectors made before and no longer find are soft-deleted. Answers the
 * items each relationship found is for.
 */
export async function saveRelationships(client: pg.PoolClient, scraperId: string, rows: readonly SelectorRow[], listedConfigIds: readonly string[]): Promise<string[]> {
  if (listedConfigIds.length === 0) return [];
  const selectors = rows.map((row) => ({
    config_id: row.config_id,
    parent: row.parent,
    id: row.selector.id && /^[0-9a-f-]{36}$/i.test(row.selector.id) ? row.selector.id : row.selector.id ? '00000000-0000-0000-0000-000000000000' : null,
    external_id: row.selector.externalId ?? null,
    name: row.selector.name ?? null,
    namespace: row.selector.namespace ?? null,
    type: row.selector.type ?? null,
    labels: row.selector.labels ?? null,
    scope_all: row.selector.scope === 'all',
  }));
  const { rows: result } = await client.query<{ found: string[] }>(
    `with s as (
       select * from jsonb_to_recordset($1::jsonb) as x(config_id uuid, parent boolean, id uuid, external_id text, name text,
         namespace text, type text, labels jsonb, scope_all boolean)
     ), matched as (
       -- Selectors with a type join on it (a hash join); the others compare with every config.
       select s.config_id, s.parent, c.id from s join configs c on c.type = s.type
         and c.deleted_at is null and c.id <> s.config_id
         and (s.scope_all or c.scraper_id = $2)
         and (s.id is null or c.id = s.id) and (s.external_id is null or c.external_id = s.external_id)
         and (s.name is null or c.name = s.name) and (s.namespace is null or c.namespace = s.namespace)
         and (s.labels is null or c.labels @> s.labels)
       where s.type is not null
       union all
       select s.config_id, s.parent, c.id from s join configs c on c.deleted_at is null and c.id <> s.config_id
         and (s.scope_all or c.scraper_id = $2)
         and (s.id is null or c.id = s.id) and (s.external_id is null or c.external_id = s.external_id)
         and (s.name is null or c.name = s.name) and (s.namespace is null or c.namespace = s.namespace)
         and (s.labels is null or c.labels @> s.labels)
       where s.type is null
     ), found as (
       select distinct m.config_id as item_id,
         case when m.parent then m.id else m.config_id end as config_id,
         case when m.parent then m.config_id else m.id end as related_id
       from matched m
     ), listed as (
       select unnest($4::uuid[]) as id
     ), saved as (
       insert into config_relationships (config_id, related_id, relation, selector_id)
       select distinct config_id, related_id, 'related', $3 from found
       on conflict (config_id, related_id, relation) do update set deleted_at = null, selector_id = excluded.selector_id
       returning 1
     ), gone as (
       update config_relationships r set deleted_at = now()
       where r.selector_id = $3 and r.deleted_at is null and (r.config_id in (select id from listed) or r.related_id in (select id from listed))
         and not exists (select 1 from found f where f.config_id = r.config_id and f.related_id = r.related_id)
       returning 1
     )
     select array(select item_id::text from found) as found, (select count(*) from saved) as saved, (select count(*) from gone) as gone`,
    [JSON.stringify(selectors), scraperId, selectorIdOf(scraperId), listedConfigIds],
  );
  return result[0]!.found;
}
