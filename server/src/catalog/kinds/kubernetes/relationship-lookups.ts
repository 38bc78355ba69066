import { isRecord } from '@pharos/core';
import type { KubeObject } from '../../../kubernetes/client.js';
import type { CelEvaluator, ScrapeInput } from '../../extract.js';
import type { RelationshipSelector, ScrapedRelationship } from '../../scrape-types.js';
import { CONFIG_TYPE_PREFIX } from './resources.js';

/** One of config-db's lookups: a `value`, one of the object's `label`s, or a CEL `expr` over its `metadata` and `spec`. */
type Lookup = { value?: string; label?: string; expr?: string };

/** config-db's `relationships` of a kubernetes entry: which object each scraped object is related to, by kind, name and namespace. */
export interface RelationshipLookup {
  kind?: Lookup;
  name?: Lookup;
  namespace?: Lookup;
}

const lookupOf = (value: unknown): Lookup | undefined => {
  if (!isRecord(value)) return undefined;
  const lookup: Lookup = {};
  for (const key of ['value', 'label', 'expr'] as const) if (typeof value[key] === 'string' && value[key] !== '') lookup[key] = value[key] as string;
  return Object.keys(lookup).length > 0 ? lookup : undefined;
};

export function relationshipLookupsOf(spec: Record<string, unknown>): RelationshipLookup[] {
  if (!Array.isArray(spec['relationships'])) return [];
  return spec['relationships'].filter(isRecord).flatMap((entry) => {
    const found: RelationshipLookup = {};
    for (const key of ['kind', 'name', 'namespace'] as const) {
      const lookup = lookupOf(entry[key]);
      if (lookup) found[key] = lookup;
    }
    return Object.keys(found).length > 0 ? [found] : [];
  });
}

async function evaluate(lookup: Lookup, object: KubeObject, cel: CelEvaluator | undefined): Promise<string> {
  if (lookup.value !== undefined) return lookup.value;
  if (lookup.label !== undefined) return String((object.metadata.labels as Record<string, string> | undefined)?.[lookup.label] ?? '');
  if (!cel) throw new Error('relationships expressions need the expression sandbox');
  const answer = await cel(lookup.expr!, { metadata: object.metadata, spec: isRecord(object['spec']) ? object['spec'] : {} });
  return answer === null || answer === undefined ? '' : String(answer);
}

/** The selector a lookup gives the object, or none when a lookup it has answers nothing (as config-db's Eval). */
async function selectorOf(template: RelationshipLookup, object: KubeObject, cel: CelEvaluator | undefined): Promise<RelationshipSelector | undefined> {
  const selector: RelationshipSelector = {};
  for (const key of ['name', 'kind', 'namespace'] as const) {
    const lookup = template[key];
    if (!lookup) continue;
    const value = await evaluate(lookup, object, cel);
    if (value === '') return undefined;
    if (key === 'kind') selector.type = `${CONFIG_TYPE_PREFIX}${value}`;
    else selector[key] = value;
  }
  return selector;
}

/**
 * Adds to each input the relationships its object's lookups give: the config they find is the
 * object's upstream, as config-db relates the found config to the object.
 */
export async function withRelationshipLookups(inputs: ScrapeInput[], objects: ReadonlyMap<ScrapeInput, KubeObject>, templates: RelationshipLookup[], cel: CelEvaluator | undefined): Promise<string[]> {
  const errors: string[] = [];
  if (templates.length === 0) return errors;
  for (const input of inputs) {
    const object = objects.get(input);
    if (!object || !input.defaults) continue;
    const found: ScrapedRelationship[] = [];
    for (const template of templates) {
      try {
        const selector = await selectorOf(template, object, cel);
        if (selector) found.push({ selector, parent: true });
      } catch (error) {
        errors.push(`${object.kind} ${object.metadata.namespace ? `${object.metadata.namespace}/` : ''}${object.metadata.name}: relationships: ${(error as Error).message}`);
      }
    }
    if (found.length > 0) input.defaults.relationships = [...(input.defaults.relationships ?? []), ...found];
  }
  return errors;
}
