import { addFilterExpression, addParam, type SqlParts } from './changes-filter.js';
import type { ChangesSearch } from './changes-request.js';

const HOUR_MS = 3_600_000;

/** Whether only the time range, the config type and live configs narrow a search: what the roll-up of changes per type and hour can count. */
function countableFromRollup(search: ChangesSearch): boolean {
  return (
    search.configIds.length === 0 &&
    !search.includeDeletedConfigs &&
    !search.changeType &&
    !search.source &&
    !search.summary &&
    !search.createdBy &&
    !search.externalCreatedBy &&
    !search.severities &&
    !search.excludedSeverity &&
    search.tags.length === 0 &&
    Object.keys(search.arbitraryFilter).length === 0
  );
}

/**
 * The count of a search's changes from config_summary_changes (0028_catalog_summary_rollups.sql)
 * for the whole UTC hours of its range, and from config_changes for the parts of an hour at its
 * ends; null when the search filters on more than the roll-up keeps, or its range has no whole hour
 * between its ends.
 */
export function rollupChangesCount(search: ChangesSearch): { text: string; values: unknown[] } | null {
  if (!countableFromRollup(search)) return null;
  const from = search.from?.getTime();
  const to = search.to?.getTime();
  const firstHour = from === undefined ? undefined : Math.ceil(from / HOUR_MS) * HOUR_MS;
  const endHour = to === undefined ? undefined : Math.floor(to / HOUR_MS) * HOUR_MS;
  if (firstHour !== undefined && endHour !== undefined && endHour <= firstHour) return null;
  const parts: SqlParts = { where: [], params: [] };
  // Alias c is the roll-up or the config: both have the type column.
  if (search.configType) addFilterExpression(parts, 'c.type', search.configType);
  const onType = parts.where.map((condition) => ` AND ${condition}`).join('');
  const hours: string[] = [];
  const ends: string[] = [];
  if (from !== undefined && firstHour !== undefined) {
    const start = addParam(parts, new Date(firstHour));
    hours.push(`c.hour >= ${start}`);
    ends.push(`cc.created_at >= ${addParam(parts, search.from)} AND cc.created_at < ${start}`);
  }
  if (to !== undefined && endHour !== undefined) {
    const end = addParam(parts, new Date(endHour));
    hours.push(`c.hour < ${end}`);
    ends.push(`cc.created_at >= ${end} AND cc.created_at <= ${addParam(parts, search.to)}`);
  }
  const rolled = `coalesce((SELECT sum(c.count) FROM config_summary_changes c WHERE NOT c.deleted${hours.map((h) => ` AND ${h}`).join('')}${onType}), 0)`;
  const raw = ends.map((range) => `(SELECT count(*) FROM config_changes cc JOIN configs c ON c.id = cc.config_id WHERE c.deleted_at IS NULL AND ${range}${onType})`);
  return { text: `SELECT (${[rolled, ...raw].join(' + ')})::bigint AS total`, values: parts.params };
}
