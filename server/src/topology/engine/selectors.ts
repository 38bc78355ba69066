import { isRecord } from '@pharos/core';
import { createHash } from 'node:crypto';
import { catalogQuery } from '../../health/runners/catalog-query.js';
import { parseLabelSelector } from '../../shell/label-selector.js';

/** Configs one component's `configs` selectors may link. */
export const MAX_LINKED = 1_000;

/** What marks a link as the engine's (anything but 'manual', which a person made): the selector's hash. */
export function selectorId(selector: unknown): string {
  return createHash('sha256').update(JSON.stringify(selector)).digest('hex').slice(0, 16);
}

/**
 * canary-checker's config query (`type`, `tags` as a mapping, `class`, `externalID`, …) as the catalog
 * query's resource selector reads it.
 */
export function configSelector(query: Record<string, unknown>): Record<string, unknown> {
  const selector: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'type') selector['types'] = [...((selector['types'] as string[] | undefined) ?? []), String(value)];
    else if (key === 'types') selector['types'] = [...((selector['types'] as string[] | undefined) ?? []), ...(Array.isArray(value) ? value.map(String) : String(value).split(','))];
    else if (key === 'tags' && isRecord(value)) {
      const tags = Object.entries(value).map(([tag, tagValue]) => `${tag}=${String(tagValue)}`);
      selector['tagSelector'] = [selector['tagSelector'], ...tags].filter(Boolean).join(',');
    } else if (key === 'tagSelector' && typeof selector['tagSelector'] === 'string') selector['tagSelector'] = `${selector['tagSelector']},${String(value)}`;
    else if (['class', 'externalID', 'external_id'].includes(key)) continue;
    else selector[key] = value;
  }
  return selector;
}

/** The ids (and health, name) of the configs a list of config queries picks. */
export function configsQuery(queries: readonly Record<string, unknown>[]): { text: string; values: unknown[] } {
  return catalogQuery(queries.map(configSelector), MAX_LINKED);
}

class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    return `$${this.values.push(value)}`;
  }
}

/**
 * The WHERE of a resource selector (id, name with `*`, namespace, types with `!` to exclude,
 * labelSelector, search) over `checks` or `components`.
 */
function conditions(params: Params, selector: Record<string, unknown>, withNamespace: boolean): string {
  const parts: string[] = ['deleted_at IS NULL'];
  const text = (field: string) => (typeof selector[field] === 'string' && selector[field] !== '' ? (selector[field] as string) : undefined);
  const id = text('id');
  if (id) parts.push(`id::text = ${params.add(id)}`);
  const name = text('name');
  if (name) parts.push(name.includes('*') ? `name LIKE ${params.add(name.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%'))}` : `name = ${params.add(name)}`);
  const namespace = text('namespace');
  if (namespace && withNamespace) parts.push(`namespace = ${params.add(namespace)}`);
  const types = Array.isArray(selector['types']) ? selector['types'].map(String) : typeof selector['type'] === 'string' ? [selector['type']] : [];
  const include = types.filter((type) => !type.startsWith('!'));
  const exclude = types.filter((type) => type.startsWith('!')).map((type) => type.slice(1));
  if (include.length > 0) parts.push(`type = ANY(${params.add(include)}::text[])`);
  if (exclude.length > 0) parts.push(`coalesce(type <> ALL(${params.add(exclude)}::text[]), true)`);
  const search = text('search');
  if (search) parts.push(`name ILIKE ${params.add(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  const labelSelector = text('labelSelector');
  const labels = isRecord(selector['labels']) ? Object.entries(selector['labels']).map(([key, value]) => `${key}=${String(value)}`) : [];
  const requirements = parseLabelSelector([labelSelector, ...labels].filter(Boolean).join(','));
  for (const requirement of requirements) {
    const key = params.add(requirement.key);
    if (requirement.op === 'eq') parts.push(`(labels ->> ${key}) = ${params.add(requirement.value)}`);
    else if (requirement.op === 'neq') parts.push(`(labels ->> ${key}) IS DISTINCT FROM ${params.add(requirement.value)}`);
    else if (requirement.op === 'exists') parts.push(`labels ? ${key}`);
    else if (requirement.op === 'absent') parts.push(`NOT (labels ? ${key})`);
    else if (requirement.op === 'in') parts.push(`(labels ->> ${key}) = ANY(${params.add(requirement.values)}::text[])`);
    else if (requirement.op === 'notin') parts.push(`coalesce((labels ->> ${key}) <> ALL(${params.add(requirement.values)}::text[]), true)`);
  }
  return parts.join(' AND ');
}

/** The ids of the live checks a selector picks. */
export function checksQuery(selector: Record<string, unknown>): { text: string; values: unknown[] } {
  const params = new Params();
  const where = conditions(params, selector, true);
  return { text: `SELECT id FROM checks WHERE ${where} ORDER BY name LIMIT ${MAX_LINKED}`, values: params.values };
}

/** The ids of the live components a selector picks, other than `exclude` (the component that selects, and its ancestors). */
export function componentsQuery(selector: Record<string, unknown>, exclude: readonly string[]): { text: string; values: unknown[] } {
  const params = new Params();
  const where = conditions(params, selector, false);
  return { text: `SELECT id FROM components WHERE ${where} AND NOT (id = ANY(${params.add(exclude)}::uuid[])) ORDER BY name LIMIT ${MAX_LINKED}`, values: params.values };
}
