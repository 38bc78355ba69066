import type pg from 'pg';
import type { ChangeRow } from './save-changes.js';
import type { ScrapedChange } from './scrape-types.js';

/** A change to write, with its item's type and what its mapping asked to do with it. */
export type PlannedChange = ChangeRow & {
  type: string;
  plan?: Pick<ScrapedChange, 'action' | 'ancestorType' | 'target' | 'redirect'>;
};

/** A change to write on the config it ends up on; `delete` when its config is then deleted. */
export type ResolvedChange = ChangeRow & { type: string; delete?: boolean };

export interface ResolvedChanges {
  /** The changes to write (copies included). */
  changes: ResolvedChange[];
  /** Changes whose config could not be found (config-db's orphaned changes): not written. */
  orphaned: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ANCESTORS = 50;

interface Found {
  id: string;
  type: string;
}

/** `config_id`/`config_type`/`scraper_id`: the config of that type and external id, among this scraper's unless `all` or another scraper is named. */
async function redirected(client: pg.PoolClient, scraperId: string, change: PlannedChange): Promise<Found | undefined> {
  const redirect = change.plan!.redirect!;
  const scope = redirect.scraperId === 'all' ? null : redirect.scraperId && UUID.test(redirect.scraperId) ? redirect.scraperId : scraperId;
  const { rows } = await client.query<Found>(
    `select id, type from configs where external_id = $1 and type = $2 and ($3::uuid is null or scraper_id = $3)
     order by deleted_at nulls first limit 1`,
    [redirect.externalId, redirect.type ?? change.type, scope],
  );
  return rows[0];
}

/**
 * The first ancestor of the config of the type, else its parent. A config's parent is its parent_id
 * (config-db's); the file, http, sql and exec kinds set none, so for a config without one it is the
 * live config upstream of it by relationship (`transform.relationship` with `parent: true`, or a
 * selector of that config finding it), the first by type and name if there are several.
 */
async function ancestorOf(client: pg.PoolClient, configId: string, ancestorType: string | null | undefined): Promise<Found | undefined> {
  const { rows } = await client.query<Found>(
    `with recursive up (id, type, parent_id, depth, path) as (
       select c.id, c.type, c.parent_id, 0, array[c.id] from configs c where c.id = $1
       union all
       select n.id, n.type, n.parent_id, up.depth + 1, up.path || n.id
       from up cross join lateral (
         select p.id, p.type, p.parent_id, '' as name from configs p where p.id = up.parent_id
         union all
         (select p.id, p.type, p.parent_id, p.name from config_relationships r join configs p on p.id = r.config_id
          where up.parent_id is null and r.related_id = up.id and r.relation <> 'hard'
            and r.deleted_at is null and p.deleted_at is null
          order by p.type, p.name limit 1)
       ) n
       where up.depth < $3 and not n.id = any(up.path)
     )
     select id, type from up where depth > 0 and ($2::text is null or type = $2) order by depth limit 1`,
    [configId, ancestorType ?? null, MAX_ANCESTORS],
  );
  return rows[0];
}

/** The live configs a copy/move `target` selects, among this scraper's unless its scope is `all` or another scraper. */
async function targetsOf(client: pg.PoolClient, scraperId: string, change: PlannedChange): Promise<Found[]> {
  const selector = change.plan!.target!;
  const scope = selector.scope === 'all' ? null : selector.scope && UUID.test(selector.scope) ? selector.scope : scraperId;
  const id = selector.id === undefined ? null : UUID.test(selector.id) ? selector.id : '00000000-0000-0000-0000-000000000000';
  const { rows } = await client.query<Found>(
    `select id, type from configs c
     where c.deleted_at is null and c.id <> $1 and ($2::uuid is null or c.scraper_id = $2)
       and ($3::uuid is null or c.id = $3) and ($4::text is null or c.external_id = $4)
       and ($5::text is null or c.name = $5) and ($6::text is null or c.namespace = $6)
       and ($7::text is null or c.type = $7) and ($8::jsonb is null or c.labels @> $8)
     order by c.type, c.name, c.id`,
    [change.config_id, scope, id, selector.externalId ?? null, selector.name ?? null, selector.namespace ?? null, selector.type ?? null, selector.labels ? JSON.stringify(selector.labels) : null],
  );
  return rows;
}

/** The change again on another config; an external change id gets config-db's suffix so that it stays unique there. */
function copyOn(change: ChangeRow & { type: string }, target: Found, suffix: 'copy' | 'copy-up'): ChangeRow & { type: string } {
  return {
    ...change,
    config_id: target.id,
    type: target.type,
    external_change_id: change.external_change_id ? `${change.external_change_id}:${suffix}:${target.id}` : null,
    details: change.details === null || change.details === undefined ? change.details : structuredClone(change.details),
  };
}

/**
 * Carries out what `transform.changes.mapping` asked of each change, as config-db does when it saves
 * them: a change redirected by `config_id`/`config_type` goes to that config (none found: it is not
 * written); `move-up` puts it on the item's parent (or first ancestor of `ancestor_type`) and
 * `copy-up` adds a copy there; `move` puts it on the first config `target` selects and copies on the
 * others, `copy` leaves it and adds a copy on each. An action whose configs are not found leaves the
 * change where it was. `delete` is done by deleteConfigsOf once the changes are written.
 */
export async function resolveChangeActions(client: pg.PoolClient, scraperId: string, planned: readonly PlannedChange[]): Promise<ResolvedChanges> {
  const changes: ResolvedChange[] = [];
  let orphaned = 0;
  for (const { plan, ...row } of planned) {
    let change: ResolvedChange = row;
    if (!plan) {
      changes.push(change);
      continue;
    }
    if (plan.redirect) {
      const found = await redirected(client, scraperId, { ...change, plan });
      if (!found) {
        orphaned += 1;
        continue;
      }
      change = { ...change, config_id: found.id, type: found.type };
    }
    if (plan.action === 'delete') change = { ...change, delete: true };
    else if (plan.action === 'move-up' || plan.action === 'copy-up') {
      const ancestor = await ancestorOf(client, change.config_id, plan.ancestorType);
      if (ancestor && plan.action === 'move-up') change = { ...change, config_id: ancestor.id, type: ancestor.type };
      else if (ancestor) changes.push(copyOn(change, ancestor, 'copy-up'));
    } else if ((plan.action === 'copy' || plan.action === 'move') && plan.target) {
      const targets = await targetsOf(client, scraperId, { ...change, plan });
      if (targets.length > 0 && plan.action === 'move') {
        const [first, ...others] = targets;
        changes.push(...others.map((target) => copyOn(change, target, 'copy')));
        change = { ...change, config_id: first!.id, type: first!.type };
      } else changes.push(...targets.map((target) => copyOn(change, target, 'copy')));
    }
    changes.push(change);
  }
  return { changes, orphaned };
}

/**
 * `action: delete`: soft-deletes the config each such change is for (after this scrape wrote its
 * items, so the item is not brought back by its own scrape), at the change's time or now, as
 * config-db does. Answers the type of each config deleted.
 */
export async function deleteConfigsOf(client: pg.PoolClient, changes: readonly ResolvedChange[]): Promise<string[]> {
  const deletions = changes.filter((change) => change.delete).map((change) => ({ config_id: change.config_id, at: change.created_at }));
  if (deletions.length === 0) return [];
  const { rows } = await client.query<{ type: string }>(
    `update configs c set deleted_at = d.at, delete_reason = null
     from (select config_id, min(coalesce(at, now())) as at
           from jsonb_to_recordset($1::jsonb) as x(config_id uuid, at timestamptz) group by config_id) d
     where c.id = d.config_id and c.deleted_at is null
     returning c.type`,
    [JSON.stringify(deletions)],
  );
  return rows.map((row) => row.type);
}
