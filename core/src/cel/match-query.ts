import { parseGoDuration } from '../template/time.js';
import { globMatches } from '../regex/re2.js';

/**
 * The search syntax of resource selectors (`matchQuery(config, "type=Kubernetes::Pod namespace=prod")`):
 * terms separated by spaces, all of which must hold. A term is `field=value`, `field!=value`,
 * `field>value` or `field<value`; `=` takes several values separated by commas (any of them) and
 * `*` as a wildcard; a bare word matches the name. Fields are the resource's own (name, type,
 * status, health …), `labels.key` / `tags.key`, or any dotted path; times compare with `now-24h`.
 */
export function matchQuery(resource: unknown, query: string): boolean {
  const terms = query.trim().split(/\s+/).filter(Boolean);
  return terms.every((term) => matchTerm(resource, term));
}

const TERM = /^([A-Za-z_][\w.-]*?)(!=|>=|<=|=|>|<)(.*)$/;

function matchTerm(resource: unknown, term: string): boolean {
  const parsed = TERM.exec(term);
  if (!parsed) return globs(term.split(','), valueAt(resource, 'name'));
  const [, field, operator, value] = parsed as unknown as [string, string, string, string];
  const actual = valueAt(resource, field);
  switch (operator) {
    case '=':
      return globs(value.split(','), actual);
    case '!=':
      return !globs(value.split(','), actual);
    default:
      return compare(actual, value, operator);
  }
}

function valueAt(resource: unknown, field: string): unknown {
  const path = field.split('.');
  const head = path[0]!.toLowerCase();
  if ((head === 'labels' || head === 'label' || head === 'tags' || head === 'tag') && path.length > 1) {
    const key = path.slice(1).join('.');
    const record = (resource ?? {}) as Record<string, Record<string, unknown> | undefined>;
    const metadataLabels = (record['metadata'] as Record<string, Record<string, unknown> | undefined> | undefined)?.['labels'];
    return record['labels']?.[key] ?? record['tags']?.[key] ?? metadataLabels?.[key];
  }
  let current: unknown = resource;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function globs(patterns: readonly string[], actual: unknown): boolean {
  if (actual === undefined || actual === null) return patterns.some((pattern) => pattern === '' || pattern === 'null');
  const text = String(actual);
  return patterns.some((pattern) => {
    if (!pattern.includes('*')) return text.toLowerCase() === pattern.toLowerCase();
    return globMatches(pattern, text);
  });
}

/** A number, a time (`now`, `now-24h`, an ISO date) or text, in that order of trying. */
function comparable(value: unknown): number | string {
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.getTime();
  const text = String(value ?? '');
  const relative = /^now(?:([+-])(.+))?$/.exec(text);
  if (relative) return Date.now() + (relative[2] ? (relative[1] === '-' ? -1 : 1) * parseGoDuration(relative[2]) : 0);
  if (text !== '' && !Number.isNaN(Number(text))) return Number(text);
  const time = Date.parse(text);
  return /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(time) ? time : text;
}

function compare(actual: unknown, wanted: string, operator: string): boolean {
  if (actual === undefined || actual === null) return false;
  const left = comparable(actual);
  const right = comparable(wanted);
  if (typeof left !== typeof right) return false;
  switch (operator) {
    case '>':
      return left > right;
    case '<':
      return left < right;
    case '>=':
      return left >= right;
    default:
      return left <= right;
  }
}
