/** Validation of `POST /api/resources/search` bodies. */
import { isRecord, RESOURCE_SEARCH_KINDS, RESOURCE_SEARCH_LIMITS, RESOURCE_SELECTOR_FIELDS, type ResourceSearchKind } from '@pharos/core';
import { LabelSelectorError, parseLabelSelector, type LabelRequirement } from './label-selector.js';

/** A selector checked and parsed; every present field must match. */
export interface ParsedSelector {
  id?: string;
  name?: string;
  namespace?: string;
  /** Types to include (none: any type). */
  types: string[];
  /** Types to leave out (`!type`). */
  excludedTypes: string[];
  agent?: string;
  labels: LabelRequirement[];
  search?: string;
}

export interface ParsedSearchRequest {
  /** Kinds to search and their selectors (ORed); kinds not listed are not searched. */
  kinds: Map<ResourceSearchKind, ParsedSelector[]>;
  /** Applies to every searched kind, on top of its selectors. */
  search?: string;
  limit: number;
}

export class SearchRequestError extends Error {}

export const MAX_SEARCH_LENGTH = 256;
export const MAX_SELECTORS_PER_KIND = 50;
const MAX_FIELD_LENGTH = 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOP_LEVEL_FIELDS = [...RESOURCE_SEARCH_KINDS, 'search', 'limit'] as const;


function list(values: readonly string[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1) ?? ''}`;
}

function rejectUnknown(object: Record<string, unknown>, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) throw new SearchRequestError(`${where}unknown field "${key}"; expected ${list(allowed)}`);
  }
}

/** A string field; null and absent are the same. */
function optionalString(value: unknown, path: string, maxLength = MAX_FIELD_LENGTH): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new SearchRequestError(`${path} must be a string`);
  if (value.length > maxLength) throw new SearchRequestError(`${path} must be at most ${maxLength} characters`);
  return value;
}

/** A search term, trimmed; blank is absent. */
function searchTerm(value: unknown, path: string): string | undefined {
  const term = optionalString(value, path, MAX_SEARCH_LENGTH)?.trim();
  return term ? term : undefined;
}

function parseSelector(value: unknown, path: string): ParsedSelector {
  if (!isRecord(value)) throw new SearchRequestError(`${path} must be an object`);
  rejectUnknown(value, RESOURCE_SELECTOR_FIELDS, `${path}: `);

  const selector: ParsedSelector = { types: [], excludedTypes: [], labels: [] };
  const id = optionalString(value['id'], `${path}.id`);
  if (id !== undefined) {
    if (!UUID.test(id)) throw new SearchRequestError(`${path}.id must be a UUID`);
    selector.id = id.toLowerCase();
  }
  const name = optionalString(value['name'], `${path}.name`);
  if (name !== undefined) selector.name = name;
  const namespace = optionalString(value['namespace'], `${path}.namespace`);
  if (namespace !== undefined) selector.namespace = namespace;
  const agent = optionalString(value['agent'], `${path}.agent`)?.trim();
  if (agent) selector.agent = agent;
  const search = searchTerm(value['search'], `${path}.search`);
  if (search !== undefined) selector.search = search;

  const types = value['types'];
  if (types !== undefined && types !== null) {
    if (!Array.isArray(types) || types.some((type) => typeof type !== 'string' || type.trim() === '' || type.length > MAX_FIELD_LENGTH)) {
      throw new SearchRequestError(`${path}.types must be an array of non-empty strings`);
    }
    for (const type of types as string[]) {
      const trimmed = type.trim();
      if (trimmed.startsWith('!')) {
        const excluded = trimmed.slice(1).trim();
        if (!excluded) throw new SearchRequestError(`${path}.types: "!" must be followed by a type`);
        selector.excludedTypes.push(excluded);
      } else {
        selector.types.push(trimmed);
      }
    }
  }

  const labelSelector = optionalString(value['labelSelector'], `${path}.labelSelector`);
  if (labelSelector !== undefined) {
    try {
      selector.labels = parseLabelSelector(labelSelector);
    } catch (error) {
      if (error instanceof LabelSelectorError) throw new SearchRequestError(`${path}.labelSelector: ${error.message}`);
      throw error;
    }
  }
  return selector;
}

/**
 * Checks a search body. Kinds given with selectors are searched with them; when no kind has
 * selectors, a search term alone searches every kind.
 */
export function parseSearchRequest(body: unknown): ParsedSearchRequest {
  if (!isRecord(body)) throw new SearchRequestError('The body must be a JSON object');
  rejectUnknown(body, TOP_LEVEL_FIELDS, '');

  let limit: number = RESOURCE_SEARCH_LIMITS.default;
  const rawLimit = body['limit'];
  if (rawLimit !== undefined && rawLimit !== null) {
    if (typeof rawLimit !== 'number' || !Number.isInteger(rawLimit) || rawLimit < 1 || rawLimit > RESOURCE_SEARCH_LIMITS.max) {
      throw new SearchRequestError(`limit must be an integer between 1 and ${RESOURCE_SEARCH_LIMITS.max}`);
    }
    limit = rawLimit;
  }

  const search = searchTerm(body['search'], 'search');
  const kinds = new Map<ResourceSearchKind, ParsedSelector[]>();
  for (const kind of RESOURCE_SEARCH_KINDS) {
    const selectors = body[kind];
    if (selectors === undefined || selectors === null) continue;
    if (!Array.isArray(selectors)) throw new SearchRequestError(`${kind} must be an array of selectors`);
    if (selectors.length > MAX_SELECTORS_PER_KIND) {
      throw new SearchRequestError(`${kind} may have at most ${MAX_SELECTORS_PER_KIND} selectors`);
    }
    const parsed = selectors.map((selector, index) => parseSelector(selector, `${kind}[${index}]`));
    if (parsed.length > 0) kinds.set(kind, parsed);
  }
  if (kinds.size === 0 && search !== undefined) {
    for (const kind of RESOURCE_SEARCH_KINDS) kinds.set(kind, [{ types: [], excludedTypes: [], labels: [] }]);
  }
  return search === undefined ? { kinds, limit } : { kinds, search, limit };
}
