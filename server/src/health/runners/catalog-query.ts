import { isRecord } from '@pharos/core';
import { parseLabelSelector, type LabelRequirement } from '../../shell/label-selector.js';

/**
 * canary-checker's resource selector over `configs`: id, name (`*` as a wildcard, `!` to negate),
 * namespace, types, statuses and health (lists or comma lists; `!x` excludes), labelSelector and
 * tagSelector (Kubernetes syntax over labels and tags), search (part of the name), includeDeleted and
 * limit. Every given field must match; several selectors are ORed.
 */

const FIELDS = ['id', 'name', 'namespace', 'types', 'statuses', 'health', 'labelSelector', 'tagSelector', 'search', 'includeDeleted', 'limit', 'agent', 'scope', 'cache', 'fieldSelector'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const COLUMNS = `id, name, type, config_class, namespace, status, health, ready, description, tags, labels, config,
  external_id, parent_id, path, agent_id, scraper_id, created_at, updated_at, deleted_at`;

class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    return `$${this.values.push(value)}`;
  }
}

function likePattern(glob: string): string {
  return glob.replace(/[\\%_]/g, (char) => `\\${char}`).replace(/\*/g, '%');
}

/** `a,b`, `[a, b]`, `!c`: included and excluded values. */
function valuesOf(value: unknown, field: string): { include: string[]; exclude: string[] } {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
  if (!list || list.some((item) => typeof item !== 'string')) throw new Error(`selector.${field} must be a list of strings`);
  const include: string[] = [];
  const exclude: string[] = [];
  for (const item of (list as string[]).map((text) => text.trim()).filter(Boolean)) {
    if (item.startsWith('!')) exclude.push(item.slice(1));
    else include.push(item);
  }
  return { include, exclude };
}

function inList(params: Params, column: string, value: unknown, field: string): string[] {
  const { include, exclude } = valuesOf(value, field);
  return [
    ...(include.length > 0 ? [`${column} = ANY(${params.add(include)}::text[])`] : []),
    ...(exclude.length > 0 ? [`coalesce(${column} <> ALL(${params.add(exclude)}::text[]), true)`] : []),
  ];
}

function mapConditions(params: Params, column: string, requirements: readonly LabelRequirement[]): string[] {
  return requirements.map((requirement) => {
    const key = params.add(requirement.key);
    switch (requirement.op) {
      case 'eq':
        return `(${column} ->> ${key}) = ${params.add(requirement.value)}`;
      case 'neq':
        return `(${column} ->> ${key}) IS DISTINCT FROM ${params.add(requirement.value)}`;
      case 'exists':
        return `${column} ? ${key}`;
      case 'absent':
        return `NOT (${column} ? ${key})`;
      case 'in':
        return `(${column} ->> ${key}) = ANY(${params.add(requirement.values)}::text[])`;
      case 'notin':
        return `coalesce((${column} ->> ${key}) <> ALL(${params.add(requirement.values)}::text[]), true)`;
    }
  });
}

function selectorConditions(params: Params, selector: Record<string, unknown>, index: number): string {
  for (const key of Object.keys(selector)) {
    if (!FIELDS.includes(key)) throw new Error(`selector[${index}]: unknown field "${key}"`);
  }
  const conditions: string[] = [];
  const text = (field: string) => {
    const value = selector[field];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`selector[${index}].${field} must be a string`);
    return value;
  };
  const id = text('id');
  if (id !== undefined) {
    if (!UUID.test(id)) throw new Error(`selector[${index}].id must be a UUID`);
    conditions.push(`id = ${params.add(id)}::uuid`);
  }
  const name = text('name');
  if (name !== undefined) {
    const negated = name.startsWith('!');
    const glob = negated ? name.slice(1) : name;
    const match = glob.includes('*') ? `name LIKE ${params.add(likePattern(glob))} ESCAPE '\\'` : `name = ${params.add(glob)}`;
    conditions.push(negated ? `NOT coalesce(${match}, false)` : match);
  }
  const namespace = text('namespace');
  if (namespace !== undefined) conditions.push(`namespace = ${params.add(namespace)}`);
  if (selector['types'] !== undefined) conditions.push(...inList(params, 'type', selector['types'], `[${index}].types`));
  if (selector['statuses'] !== undefined) conditions.push(...inList(params, 'status', selector['statuses'], `[${index}].statuses`));
  if (selector['health'] !== undefined) conditions.push(...inList(params, 'health', selector['health'], `[${index}].health`));
  for (const [field, column] of [['labelSelector', 'labels'], ['tagSelector', 'tags']] as const) {
    const value = text(field);
    if (value === undefined) continue;
    try {
      conditions.push(...mapConditions(params, column, parseLabelSelector(value)));
    } catch (error) {
      throw new Error(`selector[${index}].${field}: ${(error as Error).message}`);
    }
  }
  const search = text('search');
  if (search !== undefined) conditions.push(`name ILIKE ${params.add(`%${likePattern(search)}%`)} ESCAPE '\\'`);
  if (selector['includeDeleted'] !== true) conditions.push('deleted_at IS NULL');
  return conditions.length > 0 ? conditions.join(' AND ') : 'true';
}

/** The SQL of a catalog check's selectors: the configs they pick, at most `max` (or the smallest `limit` given). */
export function catalogQuery(selectors: readonly unknown[], max: number): { text: string; values: unknown[] } {
  const params = new Params();
  const where = selectors.map((selector, index) => {
    if (!isRecord(selector)) throw new Error(`selector[${index}] must be an object`);
    return `(${selectorConditions(params, selector, index)})`;
  });
  const limits = selectors.map((selector) => (isRecord(selector) && typeof selector['limit'] === 'number' && selector['limit'] > 0 ? selector['limit'] : max));
  return { text: `SELECT ${COLUMNS} FROM configs WHERE ${where.join(' OR ')} ORDER BY type, name, id LIMIT ${params.add(Math.min(max, ...limits))}`, values: params.values };
}
