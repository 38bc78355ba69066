import type pg from 'pg';
import { rollupChangesCount } from './changes-count.js';
import { addFilterExpression, addParam, type SqlParts } from './changes-filter.js';
import type { ChangesSearch } from './changes-request.js';

/** One row of the changes list: the change with its config's name, type and tags; diff, patches and details are read one change at a time. */
export interface ChangeRow {
  id: string;
  config_id: string;
  name: string | null;
  type: string | null;
  config_class: string | null;
  tags: Record<string, string> | null;
  change_type: string;
  summary: string | null;
  severity: string | null;
  source: string | null;
  created_at: string;
  first_observed: string;
  count: number;
  created_by: string | null;
  external_created_by: string | null;
  config: { id: string; name: string | null; type: string | null; config_class: string | null; deleted_at: string | null };
}

export interface ChangesPage {
  changes: ChangeRow[];
  total: number;
}

const SORT_SQL: Readonly<Record<ChangesSearch['sortBy'], string>> = {
  created_at: 'cc.created_at',
  first_observed: 'cc.first_observed',
  name: 'c.name',
  type: 'c.type',
  change_type: 'cc.change_type',
  summary: 'cc.summary',
  source: 'cc.source',
  count: 'cc.count',
  severity: 'cc.severity',
};

const COLUMN_SQL: Readonly<Record<string, string>> = {
  change_type: 'cc.change_type',
  severity: 'cc.severity',
  source: 'cc.source',
  summary: 'cc.summary',
  external_created_by: 'cc.external_created_by',
  config_id: 'cc.config_id::text',
  name: 'c.name',
  type: 'c.type',
};

const LIVE_CONFIGS = 'c.deleted_at IS NULL';

/**
 * Which configs' changes: one config with its related configs up to `depth` in the direction asked
 * (related_configs_recursive), several configs as given, or every config. The configs asked for by
 * id count even when deleted; others only with include_deleted_configs.
 */
function addScope(parts: SqlParts, search: ChangesSearch): void {
  if (search.configIds.length === 0) {
    if (!search.includeDeletedConfigs) parts.where.push(LIVE_CONFIGS);
    return;
  }
  const ids = addParam(parts, search.configIds);
  if (search.configIds.length > 1 || search.direction === 'none') {
    parts.where.push(`cc.config_id = ANY(${ids}::uuid[])`);
    return;
  }
  const related =
    `SELECT r.id FROM related_configs_recursive((${ids}::uuid[])[1], ${addParam(parts, search.includeDeletedConfigs)}, ` +
    `${addParam(parts, search.depth)}, ${addParam(parts, search.direction)}) r`;
  const live = search.includeDeletedConfigs ? '' : ' AND c.deleted_at IS NULL';
  parts.where.push(`(cc.config_id = ANY(${ids}::uuid[]) OR (cc.config_id IN (${related})${live}))`);
}

function whereOf(search: ChangesSearch): SqlParts {
  const parts: SqlParts = { where: [], params: [] };
  addScope(parts, search);
  if (search.configType) addFilterExpression(parts, 'c.type', search.configType);
  if (search.changeType) addFilterExpression(parts, 'cc.change_type', search.changeType);
  if (search.source) addFilterExpression(parts, 'cc.source', search.source);
  if (search.summary) addFilterExpression(parts, 'cc.summary', search.summary);
  if (search.createdBy) parts.where.push(`cc.created_by = ${addParam(parts, search.createdBy)}::uuid`);
  if (search.externalCreatedBy) addFilterExpression(parts, 'cc.external_created_by', search.externalCreatedBy);
  if (search.from) parts.where.push(`cc.created_at >= ${addParam(parts, search.from)}`);
  if (search.to) parts.where.push(`cc.created_at <= ${addParam(parts, search.to)}`);
  if (search.severities) parts.where.push(`cc.severity = ANY(${addParam(parts, search.severities)}::text[])`);
  if (search.excludedSeverity) parts.where.push(`cc.severity IS DISTINCT FROM ${addParam(parts, search.excludedSeverity)}`);
  for (const tag of search.tags) {
    const test = `c.tags ->> ${addParam(parts, tag.key)} = ${addParam(parts, tag.value)}`;
    parts.where.push(tag.exclude ? `(${test}) IS NOT TRUE` : test);
  }
  for (const [column, expression] of Object.entries(search.arbitraryFilter)) {
    const sql = COLUMN_SQL[column];
    if (sql) addFilterExpression(parts, sql, expression);
  }
  return parts;
}

/** Whether a condition reads the config's columns (alias c) rather than only the change's (cc). */
const readsConfig = (condition: string): boolean => /(^|[^\w.])c\./.test(condition);

/**
 * The count of the changes a search finds. When the only condition on their configs is that they
 * are live, the few deleted configs are taken out instead of every change joining its config, so
 * the count reads config_changes' (created_at, id) index alone.
 */
function countQuery(parts: SqlParts): string {
  const onConfigs = parts.where.filter(readsConfig);
  if (onConfigs.length === 1 && onConfigs[0] === LIVE_CONFIGS) {
    const where = [
      ...parts.where.filter((condition) => !readsConfig(condition)),
      'NOT EXISTS (SELECT 1 FROM configs c WHERE c.id = cc.config_id AND c.deleted_at IS NOT NULL)',
    ];
    return `SELECT count(*) AS total FROM config_changes cc WHERE ${where.join(' AND ')}`;
  }
  return `SELECT count(*) AS total FROM config_changes cc JOIN configs c ON c.id = cc.config_id${parts.where.length > 0 ? ` WHERE ${parts.where.join(' AND ')}` : ''}`;
}

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/** The SQL of a search's page and of its count; exported for EXPLAIN in the benchmark. */
export function changesQueries(search: ChangesSearch): { page: SqlQuery; count: SqlQuery } {
  const parts = whereOf(search);
  const order = `${SORT_SQL[search.sortBy]} ${search.sortOrder === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}, cc.id ${search.sortOrder === 'asc' ? 'ASC' : 'DESC'}`;
  const n = parts.params.length;
  const columns = `cc.id, cc.config_id, c.name, c.type, c.config_class, c.tags, cc.change_type, cc.summary, cc.severity,
              cc.source, cc.created_at, cc.first_observed, cc.count, cc.created_by, cc.external_created_by,
              jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type, 'config_class', c.config_class,
                                 'deleted_at', c.deleted_at) AS config`;
  const onConfigs = parts.where.filter(readsConfig);
  const sortsOnChanges = !SORT_SQL[search.sortBy].startsWith('c.');
  let text: string;
  if (search.configIds.length === 0 && sortsOnChanges && onConfigs.some((condition) => condition !== LIVE_CONFIGS)) {
    // Configs narrowed by more than being live (a type, a tag): the page's ids are found among
    // their ids (one hash of a few thousand) while reading the (created_at, id) index newest
    // first, and only those changes and configs are read.
    const onChanges = parts.where.filter((condition) => !readsConfig(condition));
    const where = [`cc.config_id IN (SELECT c.id FROM configs c WHERE ${onConfigs.join(' AND ')})`, ...onChanges];
    text = `WITH page AS MATERIALIZED (
         SELECT cc.id FROM config_changes cc WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}
       )
       SELECT ${columns} FROM page p JOIN config_changes cc ON cc.id = p.id JOIN configs c ON c.id = cc.config_id ORDER BY ${order}`;
  } else {
    text = `SELECT ${columns}
       FROM config_changes cc JOIN configs c ON c.id = cc.config_id${parts.where.length > 0 ? ` WHERE ${parts.where.join(' AND ')}` : ''}
       ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`;
  }
  return {
    page: { text, values: [...parts.params, search.pageSize, (search.page - 1) * search.pageSize] },
    count: rollupChangesCount(search) ?? { text: countQuery(parts), values: parts.params },
  };
}

/** A page of the changes a search finds, newest first unless it sorts otherwise, and how many it finds in all. */
export async function findCatalogChanges(pool: pg.Pool, search: ChangesSearch): Promise<ChangesPage> {
  const { page, count } = changesQueries(search);
  const [rows, total] = await Promise.all([pool.query<ChangeRow>(page), pool.query<{ total: string }>(count)]);
  return { changes: rows.rows, total: Number(total.rows[0]?.total ?? 0) };
}
