import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import { deleteConfigsOf, resolveChangeActions, type PlannedChange } from './change-actions.js';
import { diffConfigs, fingerprintOfChange } from './diff.js';
import { analysisIdOf } from './analysis-rules.js';
import { resolveStaleAnalysis, saveAnalysis, type AnalysisRow } from './save-analysis.js';
import { CHANGE_SEVERITIES, saveChanges, type ChangeRow } from './save-changes.js';
import { saveRelationships, type SelectorRow } from './save-relationships.js';
import { typeSummary, type ScrapedChange, type ScrapedItem, type ScrapeSummary } from './scrape-types.js';

export interface SaveScrapeOptions {
  scraperId: string;
  /** When the run began: an item not seen since then, and for longer than staleItemAgeMs, is stale. */
  startedAt: Date;
  /** Items not seen for this long are soft-deleted (reason STALE); null keeps them (`keep`). */
  staleItemAgeMs: number | null;
  /** False when the scrape had errors: what it did not see may still exist, so nothing goes stale. */
  deleteStale: boolean;
  /** A change that repeats one of the same item within this window counts on that one. */
  dedupWindowMs: number;
  /** `retention.staleAnalysisAge`: the scraper's insights not observed for this long are resolved; null or absent keeps them. */
  staleAnalysisAgeMs?: number | null;
  /** Told what could not be done for an item (a `transform.changes` rule that failed on its diff). */
  onError?: (type: string, message: string) => void;
}

/** Rows sent to the database in one statement. */
const BATCH = 10_000;

const ITEM_COLUMNS = `idx integer, type text, external_id text, config_class text, name text, description text,
  status text, health text, config jsonb, format text, source text, labels jsonb, tags jsonb, properties jsonb,
  parent_type text, parent_external_id text, deleted_at timestamptz, created_at timestamptz`;

function rowOf(item: ScrapedItem, idx: number): Record<string, unknown> {
  return {
    idx,
    type: item.type,
    external_id: item.externalId,
    config_class: item.configClass ?? null,
    name: item.name ?? null,
    description: item.description ?? null,
    status: item.status ?? null,
    health: item.health ?? null,
    config: item.config ?? null,
    format: item.format ?? 'json',
    source: item.source ?? null,
    labels: item.labels ?? {},
    tags: item.tags ?? {},
    properties: item.properties ?? [],
    parent_type: item.parent?.type ?? null,
    parent_external_id: item.parent?.externalId ?? null,
    deleted_at: item.deletedAt?.toISOString() ?? null,
    created_at: item.createdAt?.toISOString() ?? null,
  };
}

/** The last item of each type and external id: a scrape that names one twice means its last version. */
function distinctItems(items: readonly ScrapedItem[]): ScrapedItem[] {
  const byKey = new Map<string, ScrapedItem>();
  for (const item of items) byKey.set(`${item.type}\u0000${item.externalId}`, item);
  return [...byKey.values()];
}

async function loadItems(client: pg.PoolClient, items: readonly ScrapedItem[]): Promise<void> {
  await client.query(
    `create temp table scrape_items (${ITEM_COLUMNS}, config_id uuid, is_new boolean not null default false,
       parent_id uuid, changed boolean not null default false, config_changed boolean not null default false,
       deleted boolean not null default false) on commit drop`,
  );
  for (let start = 0; start < items.length; start += BATCH) {
    const rows = items.slice(start, start + BATCH).map((item, offset) => rowOf(item, start + offset));
    await client.query(`insert into scrape_items select * from jsonb_to_recordset($1::jsonb) as x(${ITEM_COLUMNS})`, [JSON.stringify(rows)]);
  }
  await client.query('analyze scrape_items');
}

/** Finds each item's row (or gives a new one its id), its parent, and what differs from the saved row. */
async function compare(client: pg.PoolClient, scraperId: string): Promise<void> {
  await client.query(
    `update scrape_items n set config_id = c.id from configs c
     where c.scraper_id = $1 and c.type = n.type and c.external_id = n.external_id`,
    [scraperId],
  );
  await client.query('update scrape_items set config_id = gen_random_uuid(), is_new = true, changed = true, deleted = deleted_at is not null where config_id is null');
  await client.query(
    `update scrape_items n set parent_id = p.config_id from scrape_items p
     where n.parent_type is not null and p.type = n.parent_type and p.external_id = n.parent_external_id`,
  );
  await client.query(
    `update scrape_items n set parent_id = c.id from configs c
     where n.parent_id is null and n.parent_type is not null and c.scraper_id = $1
       and c.type = n.parent_type and c.external_id = n.parent_external_id`,
    [scraperId],
  );
  await client.query(
    `update scrape_items n set
       config_changed = c.config is distinct from n.config,
       deleted = n.deleted_at is not null and c.deleted_at is null,
       changed = c.config is distinct from n.config or c.name is distinct from n.name
         or c.config_class is distinct from n.config_class or c.description is distinct from n.description
         or c.status is distinct from n.status or c.health is distinct from n.health
         or c.labels is distinct from n.labels or c.tags is distinct from n.tags
         or c.properties is distinct from n.properties or c.source is distinct from n.source
         or c.format is distinct from n.format or c.parent_id is distinct from n.parent_id
         or c.deleted_at is distinct from n.deleted_at
     from configs c where c.id = n.config_id and not n.is_new`,
  );
}

function rowOfChange(configId: string, change: ScrapedChange, fingerprint: string | null): ChangeRow & Pick<PlannedChange, 'plan'> {
  const planned = change.action || change.redirect || change.target;
  return {
    ...(planned ? { plan: { action: change.action ?? null, ancestorType: change.ancestorType ?? null, target: change.target ?? null, redirect: change.redirect ?? null } } : {}),
    config_id: configId,
    change_type: change.changeType,
    severity: change.severity && CHANGE_SEVERITIES.includes(change.severity) ? change.severity : 'info',
    source: change.source ?? null,
    summary: change.summary ?? null,
    patches: change.patches ?? null,
    diff: change.diff ?? null,
    details: change.details ?? null,
    fingerprint: change.externalChangeId ? null : fingerprint,
    external_change_id: change.externalChangeId ?? null,
    external_created_by: change.createdBy ?? null,
    created_at: change.createdAt?.toISOString() ?? null,
  };
}

type TypedChange = PlannedChange;

/** A `diff` change for each item whose content changed, through the spec's `transform.changes`. */
async function diffChanges(client: pg.PoolClient, items: readonly ScrapedItem[], onError: SaveScrapeOptions['onError']): Promise<TypedChange[]> {
  const { rows } = await client.query<{ idx: number; config_id: string; previous: unknown }>(
    'select n.idx, n.config_id, c.config as previous from scrape_items n join configs c on c.id = n.config_id where n.config_changed',
  );
  const changes: TypedChange[] = [];
  for (const row of rows) {
    const item = items[row.idx]!;
    const diff = diffConfigs(row.previous, item.config);
    if (!diff) continue;
    let change: ScrapedChange | null = { changeType: 'diff', severity: 'info', source: 'diff', summary: diff.summary, patches: diff.patches, diff: diff.text };
    if (item.changeRule) {
      const ruled = await item.changeRule(change);
      for (const message of ruled.errors) onError?.(item.type, message);
      change = ruled.change;
    }
    if (change) changes.push({ type: item.type, ...rowOfChange(row.config_id, change, diff.fingerprint) });
  }
  return changes;
}

/** The row id of each item with changes or insights (`full` mode) or relationship selectors, by its index. */
async function configIdsOfListed(client: pg.PoolClient, items: readonly ScrapedItem[]): Promise<Map<number, string>> {
  const listed = items.flatMap((item, idx) => ((item.changes?.length ?? 0) > 0 || item.analysis !== undefined || item.relationships !== undefined ? [idx] : []));
  if (listed.length === 0) return new Map();
  const { rows } = await client.query<{ idx: number; config_id: string }>('select idx, config_id from scrape_items where idx = any($1::integer[])', [listed]);
  return new Map(rows.map((row) => [row.idx, row.config_id]));
}

/** The changes the data listed for its items (`full` mode). */
function dataChanges(items: readonly ScrapedItem[], ids: Map<number, string>): TypedChange[] {
  return [...ids].flatMap(([idx, configId]) => {
    const item = items[idx]!;
    return (item.changes ?? []).map((change) => ({ type: item.type, ...rowOfChange(configId, change, fingerprintOfChange(change.changeType, change.summary, change.details)) }));
  });
}

/**
 * The insights the data listed for its items (`full` mode), and the items whose list it gave. One
 * naming another config's external id (and type, the item's unless given) is for that config.
 */
function dataAnalysis(items: readonly ScrapedItem[], ids: Map<number, string>): { rows: AnalysisRow[]; listed: string[] } {
  const rows: AnalysisRow[] = [];
  const listed: string[] = [];
  for (const [idx, configId] of ids) {
    const item = items[idx]!;
    if (item.analysis === undefined) continue;
    listed.push(configId);
    for (const entry of item.analysis) {
      const type = entry.configType ?? item.type;
      const own = !entry.externalId || (entry.externalId === item.externalId && type === item.type);
      rows.push({
        config_id: own ? configId : null,
        target_type: own ? null : type,
        target_external_id: own ? null : entry.externalId!,
        id: entry.externalAnalysisId ? analysisIdOf(entry.externalAnalysisId) : null,
        analyzer: entry.analyzer,
        analysis_type: entry.analysisType,
        severity: entry.severity,
        summary: entry.summary ?? null,
        message: entry.message ?? null,
        analysis: entry.analysis ?? null,
        source: entry.source ?? null,
        status: entry.status ?? 'open',
      });
    }
  }
  return { rows, listed };
}

/** The selectors of the items that have `transform.relationship` rules, and those items. */
function selectorsOf(items: readonly ScrapedItem[], ids: Map<number, string>): { rows: SelectorRow[]; listed: string[] } {
  const rows: SelectorRow[] = [];
  const listed: string[] = [];
  for (const [idx, configId] of ids) {
    const relationships = items[idx]!.relationships;
    if (relationships === undefined) continue;
    listed.push(configId);
    for (const relationship of relationships) rows.push({ config_id: configId, parent: relationship.parent, selector: relationship.selector });
  }
  return { rows, listed };
}

async function writeItems(client: pg.PoolClient, scraperId: string): Promise<void> {
  await client.query(
    `insert into configs (id, scraper_id, external_id, type, config_class, name, description, status, health, config,
       format, source, labels, tags, properties, parent_id, deleted_at, delete_reason, created_at, last_scraped_time, created_by)
     select n.config_id, $1, n.external_id, n.type, n.config_class, n.name, n.description, n.status, n.health, n.config,
       n.format, n.source, n.labels, n.tags, n.properties, n.parent_id, n.deleted_at,
       case when n.deleted_at is not null then 'FROM_DELETE_FIELD' end, coalesce(n.created_at, now()), now(), null
     from scrape_items n where n.is_new`,
    [scraperId],
  );
  await client.query(
    `update configs c set config = n.config, name = n.name, config_class = n.config_class, description = n.description,
       status = n.status, health = n.health, labels = n.labels, tags = n.tags, properties = n.properties,
       source = n.source, format = n.format, parent_id = n.parent_id, last_scraped_time = now(),
       deleted_at = case when n.deleted_at is null then null else coalesce(c.deleted_at, n.deleted_at) end,
       delete_reason = case when n.deleted_at is null then null when c.deleted_at is null then 'FROM_DELETE_FIELD' else c.delete_reason end
     from scrape_items n where c.id = n.config_id and n.changed and not n.is_new`,
  );
  await client.query(
    `insert into config_items_last_scraped_time (config_id, last_scraped_time)
     select config_id, now() from scrape_items
     on conflict (config_id) do update set last_scraped_time = excluded.last_scraped_time`,
  );
}

/** Soft-deletes the scraper's items that no scrape has seen for the stale age; answers their types. */
async function deleteStale(client: pg.PoolClient, options: SaveScrapeOptions): Promise<string[]> {
  if (!options.deleteStale || options.staleItemAgeMs === null) return [];
  const { rows } = await client.query<{ type: string }>(
    `update configs c set deleted_at = now(), delete_reason = 'STALE'
     from (select c2.id from configs c2 left join config_items_last_scraped_time t on t.config_id = c2.id
           where c2.scraper_id = $1 and c2.deleted_at is null
             and coalesce(t.last_scraped_time, c2.last_scraped_time, c2.created_at)
                 < least($2::timestamptz, now() - make_interval(secs => $3::double precision / 1000))) stale
     where c.id = stale.id
     returning c.type`,
    [options.scraperId, options.startedAt, options.staleItemAgeMs],
  );
  return rows.map((row) => row.type);
}

/**
 * The one way scraped items enter the catalog, in one transaction per scrape: new items are added,
 * items that differ are updated (a `diff` change with its JSON patch when the content differs),
 * unchanged items are only marked as seen, changes the data lists (`full`) are written once (on the
 * configs their mapping's actions name, a config deleted by a `delete` one, see change-actions.ts), its
 * insights kept one per analyzer or external id (those no longer listed resolved, and with
 * staleAnalysisAge those not observed for that long), relationships found by the
 * spec's selectors linked (those no longer found unlinked), and
 * items no longer seen go stale as the spec says.
 * config.created/updated/deleted events are written by the configs triggers in the same transaction.
 */
export async function saveScrape(pool: pg.Pool, scraped: readonly ScrapedItem[], options: SaveScrapeOptions): Promise<ScrapeSummary> {
  const items = distinctItems(scraped);
  return transaction(pool, async (client) => {
    const summary: ScrapeSummary = {};
    await loadItems(client, items);
    await compare(client, options.scraperId);
    const planned = await diffChanges(client, items, options.onError);
    const listed = await configIdsOfListed(client, items);
    planned.push(...dataChanges(items, listed));
    await writeItems(client, options.scraperId);
    const selectors = selectorsOf(items, listed);
    const related = await saveRelationships(client, options.scraperId, selectors.rows, selectors.listed);
    // After the relationships: move-up and copy-up may find an item's parent through them.
    const { changes } = await resolveChangeActions(client, options.scraperId, planned);
    const saved = await saveChanges(client, changes, options.dedupWindowMs);
    const deletedByChanges = await deleteConfigsOf(client, changes);
    const analysis = dataAnalysis(items, listed);
    const insights = await saveAnalysis(client, options.scraperId, analysis.rows, analysis.listed);
    const staleInsights = options.staleAnalysisAgeMs == null ? [] : await resolveStaleAnalysis(client, options.scraperId, options.staleAnalysisAgeMs);
    const { rows } = await client.query<{ type: string; added: number; updated: number; unchanged: number; deleted: number }>(
      `select type, count(*) filter (where is_new)::integer as added,
         count(*) filter (where changed and not is_new and not deleted)::integer as updated,
         count(*) filter (where not changed)::integer as unchanged,
         count(*) filter (where deleted)::integer as deleted
       from scrape_items group by type`,
    );
    for (const row of rows) Object.assign(typeSummary(summary, row.type), { added: row.added, updated: row.updated, unchanged: row.unchanged, deleted: row.deleted });
    for (const type of [...deletedByChanges, ...(await deleteStale(client, options))]) typeSummary(summary, type).deleted += 1;
    const typeOf = new Map(changes.map((change) => [change.config_id, change.type]));
    for (const configId of saved.insertedConfigIds) typeSummary(summary, typeOf.get(configId)!).changes += 1;
    for (const configId of saved.dedupedConfigIds) typeSummary(summary, typeOf.get(configId)!).deduped += 1;
    const typeOfListed = new Map([...listed].map(([idx, configId]) => [configId, items[idx]!.type]));
    for (const type of insights.seenTypes) typeSummary(summary, type).insights += 1;
    for (const type of [...insights.resolvedTypes, ...staleInsights]) typeSummary(summary, type).resolved += 1;
    for (const configId of related) typeSummary(summary, typeOfListed.get(configId)!).relationships += 1;
    return summary;
  });
}
