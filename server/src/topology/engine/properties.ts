import { isRecord, type ComponentProperty } from '@pharos/core';
import { runLookup, type LookupOptions } from './lookup.js';
import { configsQuery } from './selectors.js';
import type { PropertySpec } from './spec.js';
import { templateText } from './template.js';

/** Where lookups run: options, the topology's namespace, the run's signal. */
export interface RunScope extends LookupOptions {
  namespace: string;
  signal: AbortSignal;
}

/** What a property lookup gave: properties for the component(s), or properties for components named in the result. */
export type PropertyResult =
  | { kind: 'properties'; properties: ComponentProperty[] }
  | { kind: 'components'; components: { name: string; properties: ComponentProperty[] }[] };

const TEXT_FIELDS = ['name', 'label', 'type', 'text', 'unit', 'icon', 'color', 'tooltip', 'lastTransition', 'status'] as const;
const NUMBER_FIELDS = ['value', 'max', 'min', 'order'] as const;

function numberOf(value: unknown): number | undefined {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A property's shown fields from an object (a spec entry, a row of a query, a JSON object), leaving lookups out. */
export function propertyOf(source: Record<string, unknown>, base: ComponentProperty = {}): ComponentProperty {
  const property: Record<string, unknown> = { ...base };
  for (const field of TEXT_FIELDS) if (source[field] !== undefined && source[field] !== null) property[field] = String(source[field]);
  for (const field of NUMBER_FIELDS) {
    const value = numberOf(source[field]);
    if (value !== undefined) property[field] = value;
  }
  if (typeof source['headline'] === 'boolean') property['headline'] = source['headline'];
  if (Array.isArray(source['links'])) property['links'] = source['links'].filter(isRecord);
  return property as ComponentProperty;
}

/** A number goes to `value`; a text too when the property measures something (a unit or a max), else to `text`. */
function fromScalar(base: ComponentProperty, value: unknown): ComponentProperty {
  const number = numberOf(value);
  if (typeof value === 'number' || (number !== undefined && (base.unit !== undefined || base.max !== undefined || base.type === 'number'))) {
    return number === undefined ? base : { ...base, value: number };
  }
  return { ...base, text: typeof value === 'string' ? value.trim() : JSON.stringify(value) };
}

function isComponentEntry(value: unknown): value is { name: string; properties: unknown[] } {
  return isRecord(value) && typeof value['name'] === 'string' && Array.isArray(value['properties']);
}

function parsedJson(text: string): unknown {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('[') || trimmed.startsWith('{'))) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** Results of a lookup as properties: a list of components with properties, a list of properties, or this property's value. */
function fromResults(base: ComponentProperty, results: unknown[]): PropertyResult | undefined {
  const values = results.flatMap((result) => {
    const json = typeof result === 'string' ? parsedJson(result) : undefined;
    return json === undefined ? [result] : Array.isArray(json) ? json : [json];
  });
  if (values.length === 0) return undefined;
  if (values.every(isComponentEntry)) {
    return { kind: 'components', components: values.map((entry) => ({ name: entry.name, properties: entry.properties.filter(isRecord).map((item) => propertyOf(item)) })) };
  }
  if (values.length > 1 || (isRecord(values[0]) && typeof values[0]['name'] === 'string' && values[0]['name'] !== base.name)) {
    if (values.every((value) => isRecord(value) && typeof value['name'] === 'string')) {
      return { kind: 'properties', properties: (values as Record<string, unknown>[]).map((value) => propertyOf(value)) };
    }
    throw new Error(`the lookup of property ${base.name ?? ''} gave ${values.length} results: each needs a name`);
  }
  const only = values[0];
  return { kind: 'properties', properties: [isRecord(only) ? propertyOf(only, base) : fromScalar(base, only)] };
}

/**
 * canary-checker's configLookup: a catalog item found by its query (named by another property of the
 * component when `id` says which), shown through `display` with the item's fields and its `config`.
 */
async function configProperty(scope: RunScope, spec: PropertySpec, base: ComponentProperty, current: ComponentProperty[]): Promise<ComponentProperty> {
  const lookup = spec.configLookup!;
  const query = { ...(lookup.config ?? {}) };
  if (lookup.id) {
    const named = current.find((property) => property.name === lookup.id);
    if (named) query['name'] = String(named.value ?? named.text ?? '');
  }
  const { text, values } = configsQuery([query]);
  const { rows } = await scope.pool.query<Record<string, unknown>>(text, values);
  const config = rows[0];
  if (!config) return base;
  const env = { ...config, config: config['config'], config_type: config['type'] };
  const shown = await templateText(scope.sandbox, lookup.display ?? {}, env, 'display');
  return fromScalar(base, shown);
}

/** One spec property: as written, or filled by its lookup or configLookup. `current` are the properties the component has so far. */
export async function resolveProperty(scope: RunScope, spec: PropertySpec, current: ComponentProperty[] = []): Promise<PropertyResult | undefined> {
  const base = propertyOf(spec as Record<string, unknown>);
  if (spec.configLookup) return { kind: 'properties', properties: [await configProperty(scope, spec, base, current)] };
  if (spec.lookup) return fromResults(base, await runLookup(scope, spec.lookup, scope.namespace, scope.signal));
  return { kind: 'properties', properties: [base] };
}

/** Adds properties to a list, a property of the same name taking the new fields. */
export function mergeProperties(target: ComponentProperty[], properties: readonly ComponentProperty[]): void {
  for (const property of properties) {
    const found = property.name === undefined ? undefined : target.find((candidate) => candidate.name === property.name);
    if (found) Object.assign(found, Object.fromEntries(Object.entries(property).filter(([, value]) => value !== undefined)));
    else target.push({ ...property });
  }
}

/** A property's value as expressions see it: its number, else its text. */
export function propertyMap(properties: readonly ComponentProperty[]): Record<string, unknown> {
  return Object.fromEntries(properties.filter((property) => property.name).map((property) => [property.name!, property.value ?? property.text ?? null]));
}
