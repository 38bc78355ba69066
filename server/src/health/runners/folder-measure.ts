import { parseGoDuration } from '@pharos/core';
import { number, text } from './types.js';

/** One entry of a listed folder, local or remote. */
export interface FolderEntry {
  name: string;
  size: number;
  modified: Date;
  isDir: boolean;
  /** e.g. -rw-r--r--, where the listing says. */
  mode?: string;
}

/** A file as the expressions see it (canary-checker's shape). */
export interface FileVariable {
  name: string;
  size: number;
  mode?: string;
  modified: string;
  is_dir?: boolean;
}

/** What a folder holds after the filter: the variables of a folder check. */
export interface FolderStats {
  files: FileVariable[];
  count: number;
  oldest?: FileVariable;
  newest?: FileVariable;
  /** The smallest and the largest file. */
  minSize?: FileVariable;
  maxSize?: FileVariable;
  /** Bytes of the listed files together. */
  totalSize: number;
  /** Bytes free on the file system, where the protocol says (-1 when it does not). */
  availableSize: number;
}

const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40, p: 2 ** 50 };

/** A size as canary-checker reads it: `10mb`, `25b`, `500Ki`, `1Gi`, `1024` (units are powers of 1024). */
export function parseSize(value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:([kmgtp])(?:i?b?)?|(b))?\s*$/i.exec(String(value));
  if (!match) throw new Error(`${field}: ${JSON.stringify(value)} is not a size (e.g. 25b, 10mb, 500Ki, 1Gi)`);
  return Math.round(Number(match[1]) * SIZE_UNITS[(match[2] ?? match[3] ?? '').toLowerCase()]!);
}

function parseAge(value: unknown, field: string): number {
  try {
    return parseGoDuration(String(value));
  } catch {
    throw new Error(`${field}: ${JSON.stringify(value)} is not a duration (e.g. 30m, 1d, 7d)`);
  }
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

export function humanSize(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function humanAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours}h${minutes % 60}m` : `${Math.floor(hours / 24)}d${hours % 24}h`;
}

/**
 * `since`: an RFC 3339 time, or `now`, `now-60d`, `now-1h30m`. As in canary-checker, a file must be
 * more than a second newer, so the newest file's time of the last run can be given.
 */
function sinceTime(value: string, now: number): number {
  const relative = /^now\s*(?:-\s*(.+))?$/.exec(value);
  const time = relative ? now - (relative[1] ? parseAge(relative[1], 'filter.since') : 0) : Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`filter.since: ${JSON.stringify(value)} is not a time (RFC 3339, or now-60d)`);
  return time + 1000;
}

/**
 * The entries `filter` keeps (minAge, maxAge, minSize, maxSize, regex on the name, since a time);
 * folders only when the check is recursive.
 */
export function filterEntries(entries: readonly FolderEntry[], filter: unknown, now = Date.now(), keepFolders = false): FolderEntry[] {
  const spec = (filter ?? {}) as Record<string, unknown>;
  const minAge = present(spec['minAge']) ? parseAge(spec['minAge'], 'filter.minAge') : undefined;
  const maxAge = present(spec['maxAge']) ? parseAge(spec['maxAge'], 'filter.maxAge') : undefined;
  const minSize = present(spec['minSize']) ? parseSize(spec['minSize'], 'filter.minSize') : undefined;
  const maxSize = present(spec['maxSize']) ? parseSize(spec['maxSize'], 'filter.maxSize') : undefined;
  let regex: RegExp | undefined;
  if (text(spec['regex'])) {
    try {
      regex = new RegExp(text(spec['regex'])!);
    } catch (error) {
      throw new Error(`filter.regex: ${(error as Error).message}`);
    }
  }
  const sinceText = text(spec['since'])?.trim();
  const since = sinceText ? sinceTime(sinceText, now) : undefined;
  return entries.filter((entry) => {
    const age = now - entry.modified.getTime();
    if (entry.isDir && !keepFolders) return false;
    if (maxAge !== undefined && age > maxAge) return false;
    if (minAge !== undefined && age < minAge) return false;
    if (minSize !== undefined && entry.size < minSize) return false;
    if (maxSize !== undefined && entry.size > maxSize) return false;
    if (regex && !regex.test(entry.name)) return false;
    return since === undefined || entry.modified.getTime() >= since;
  });
}

function variable(entry: FolderEntry): FileVariable {
  return { name: entry.name, size: entry.size, ...(entry.mode ? { mode: entry.mode } : {}), modified: entry.modified.toISOString(), ...(entry.isDir ? { is_dir: true } : {}) };
}

export function folderStats(entries: readonly FolderEntry[], availableSize = -1): FolderStats {
  const by = (better: (a: FolderEntry, b: FolderEntry) => boolean) => entries.reduce<FolderEntry | undefined>((best, entry) => (!best || better(entry, best) ? entry : best), undefined);
  const pick = (entry: FolderEntry | undefined) => (entry ? variable(entry) : undefined);
  const oldest = pick(by((a, b) => a.modified < b.modified));
  const newest = pick(by((a, b) => a.modified > b.modified));
  const minSize = pick(by((a, b) => a.size < b.size));
  const maxSize = pick(by((a, b) => a.size > b.size));
  return {
    files: entries.map(variable),
    count: entries.length,
    ...(oldest ? { oldest } : {}),
    ...(newest ? { newest } : {}),
    ...(minSize ? { minSize } : {}),
    ...(maxSize ? { maxSize } : {}),
    totalSize: entries.reduce((sum, entry) => sum + entry.size, 0),
    availableSize,
  };
}

/** canary-checker's error types of a folder test, for display and metrics. */
export type FolderErrorType = 'min_count' | 'max_count' | 'available_size' | 'total_size' | 'min_age' | 'max_age' | 'min_size' | 'max_size' | 'configuration_error';

/**
 * The check's own limits, in canary-checker's order and words: minCount, maxCount, availableSize,
 * totalSize, then (when files were found) minAge on the newest, maxAge on the oldest, minSize on the
 * smallest and maxSize on the largest. Undefined when every limit holds.
 */
export function testFolder(stats: FolderStats, spec: Record<string, unknown>, now = Date.now()): { errorType: FolderErrorType; message: string } | undefined {
  const minCount = number(spec['minCount']);
  const maxCount = number(spec['maxCount']);
  if (minCount !== undefined && stats.count < minCount) return { errorType: 'min_count', message: `too few files ${stats.count} < ${minCount}` };
  if (maxCount !== undefined && stats.count > maxCount) return { errorType: 'max_count', message: `too many files ${stats.count} > ${maxCount}` };
  if (present(spec['availableSize'])) {
    const limit = parseSize(spec['availableSize'], 'availableSize');
    if (stats.availableSize < 0) return { errorType: 'configuration_error', message: 'available size not supported' };
    if (stats.availableSize < limit) return { errorType: 'available_size', message: `available size too small: ${humanSize(stats.availableSize)} < ${String(spec['availableSize'])}` };
  }
  if (present(spec['totalSize'])) {
    const limit = parseSize(spec['totalSize'], 'totalSize');
    if (stats.totalSize < limit) return { errorType: 'total_size', message: `total size too small: ${humanSize(stats.totalSize)} < ${String(spec['totalSize'])}` };
  }
  if (!stats.newest || !stats.oldest || !stats.minSize || !stats.maxSize) return undefined;
  if (present(spec['minAge'])) {
    const age = now - Date.parse(stats.newest.modified);
    if (age < parseAge(spec['minAge'], 'minAge')) return { errorType: 'min_age', message: `${stats.newest.name} is too new: ${humanAge(age)} < ${String(spec['minAge'])}` };
  }
  if (present(spec['maxAge'])) {
    const age = now - Date.parse(stats.oldest.modified);
    if (age > parseAge(spec['maxAge'], 'maxAge')) return { errorType: 'max_age', message: `${stats.oldest.name} is too old ${humanAge(age)} > ${String(spec['maxAge'])}` };
  }
  if (present(spec['minSize']) && stats.minSize.size < parseSize(spec['minSize'], 'minSize')) {
    return { errorType: 'min_size', message: `${stats.minSize.name} is too small: ${humanSize(stats.minSize.size)} < ${String(spec['minSize'])}` };
  }
  if (present(spec['maxSize']) && stats.maxSize.size > parseSize(spec['maxSize'], 'maxSize')) {
    return { errorType: 'max_size', message: `${stats.maxSize.name} is too large: ${humanSize(stats.maxSize.size)} > ${String(spec['maxSize'])}` };
  }
  return undefined;
}
