import { isRecord } from '@pharos/core';
import type { CelEvaluator } from './extract.js';
import type { RelationshipSelector, ScrapedItem, ScrapedRelationship } from './scrape-types.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The fields of a selector, in the spelling of config-db's relationship selector templates. */
const FIELDS = [
  ['id', 'id'],
  ['external_id', 'externalId'],
  ['name', 'name'],
  ['namespace', 'namespace'],
  ['type', 'type'],
  ['scope', 'scope'],
] as const;

/** A value expression: a literal, `{value}`, `{expr}` (CEL over the item) or `{label}` (one of its labels). */
async function valueOf(field: unknown, item: ScrapedItem, variables: Record<string, unknown>, cel: CelEvaluator | undefined): Promise<string | undefined> {
  if (typeof field === 'string') return text(field);
  if (!isRecord(field)) return undefined;
  if (text(field['value'])) return field['value'] as string;
  if (text(field['label'])) return item.labels?.[field['label'] as string];
  const expression = text(field['expr']);
  if (!expression) return undefined;
  if (!cel) throw new Error('relationship expressions need the expression sandbox');
  const value = await cel(expression, variables);
  return value === null || value === undefined || value === '' ? undefined : String(value);
}

/** A selector from config-db's relationship selector template fields, each a value expression over the variables. */
export async function selectorOf(rule: Record<string, unknown>, item: ScrapedItem, variables: Record<string, unknown>, cel: CelEvaluator | undefined): Promise<RelationshipSelector> {
  const selector: RelationshipSelector = {};
  for (const [key, property] of FIELDS) {
    const value = await valueOf(rule[key], item, variables, cel);
    if (value !== undefined) selector[property] = value;
  }
  if (isRecord(rule['labels'])) {
    const labels: Record<string, string> = {};
    for (const [key, field] of Object.entries(rule['labels'])) {
      const value = await valueOf(field, item, variables, cel);
      if (value !== undefined) labels[key] = value;
    }
    if (Object.keys(labels).length > 0) selector.labels = labels;
  }
  return selector;
}

/** A selector that names nothing would relate the item to every config: it is left out. */
const selects = (selector: RelationshipSelector) => Object.entries(selector).some(([key, value]) => key !== 'scope' && value !== undefined);

/** What an `expr` answered: a list of selectors (maps of config-db's fields), or one, or its JSON. */
function selectorsAnswered(answer: unknown): Array<Record<string, unknown>> {
  const value = typeof answer === 'string' ? (JSON.parse(answer) as unknown) : answer;
  return (Array.isArray(value) ? value : [value]).filter(isRecord);
}

/**
 * `transform.relationship` (config-db's RelationshipConfig): for the items its CEL `filter` picks,
 * a selector (`id`, `external_id`, `name`, `namespace`, `type`, `labels` as value expressions;
 * `scope: all` beyond this scraper) or an `expr` answering selectors; `parent: true` turns the
 * relationship around (the found configs are the item's upstream).
 */
export async function relationshipsOf(transform: Record<string, unknown>, item: ScrapedItem, variables: Record<string, unknown>, cel: CelEvaluator | undefined): Promise<ScrapedRelationship[]> {
  const rules = Array.isArray(transform['relationship']) ? transform['relationship'].filter(isRecord) : [];
  const relationships: ScrapedRelationship[] = [];
  for (const rule of rules) {
    const filter = text(rule['filter']);
    if (filter) {
      if (!cel) throw new Error('relationship filters need the expression sandbox');
      if ((await cel(filter, variables)) !== true) continue;
    }
    const parent = rule['parent'] === true;
    const expression = text(rule['expr']);
    if (expression) {
      if (!cel) throw new Error('relationship expressions need the expression sandbox');
      for (const answered of selectorsAnswered(await cel(expression, variables))) {
        const selector = await selectorOf(answered, item, variables, undefined);
        if (selects(selector)) relationships.push({ selector, parent: answered['parent'] === true || parent });
      }
      continue;
    }
    const selector = await selectorOf(rule, item, variables, cel);
    if (selects(selector)) relationships.push({ selector, parent });
  }
  return relationships;
}
