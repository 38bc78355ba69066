import { isRecord } from '@pharos/core';
import type { CelEvaluator } from './extract.js';
import type { TemplateRenderer } from './transform-script.js';
import type { ConfigProperty, ScrapedItem } from './scrape-types.js';

/** The `$(…)` delimiters config-db accepts beside `{{…}}`, set through the template header. */
const DOLLAR_HEADER = '# gotemplate: left-delim=$( right-delim=)\n';
/** Fields of config-db's Property that hold numbers. */
const NUMBER_FIELDS = new Set(['value', 'max', 'min', 'order']);

async function renderText(text: string, data: unknown, template: TemplateRenderer | undefined): Promise<string> {
  if (!text.includes('{{') && !text.includes('$(')) return text;
  if (!template) throw new Error('templated properties need the expression sandbox');
  let rendered = text.includes('{{') ? await template(text, data) : text;
  if (rendered.includes('$(')) {
    // The header line stays as an empty first line of the output.
    rendered = (await template(DOLLAR_HEADER + rendered, data)).replace(/^\n/, '');
  }
  return rendered;
}

/** Every text of a property (its links' too) rendered over the item; numbers and flags kept. */
async function renderValue(value: unknown, data: unknown, template: TemplateRenderer | undefined): Promise<unknown> {
  if (typeof value === 'string') return renderText(value, data, template);
  if (Array.isArray(value)) return Promise.all(value.map((entry) => renderValue(entry, data, template)));
  if (isRecord(value)) {
    const result: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) result[key] = await renderValue(entry, data, template);
    return result;
  }
  return value;
}

/** A rendered `value`/`max`/`min`/`order` as the number config-db stores, or why it is none. */
function numbersOf(property: Record<string, unknown>): string | undefined {
  for (const field of NUMBER_FIELDS) {
    const value = property[field];
    if (typeof value !== 'string') continue;
    const number = Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(number)) return `${field} must be a number, got "${value}"`;
    property[field] = number;
  }
  return undefined;
}

/** What property templates and filters see of an item: config-db's ScrapeResult map. */
function dataOf(item: ScrapedItem, variables: Record<string, unknown>): Record<string, unknown> {
  return { ...variables, description: item.description ?? null, source: item.source ?? null, format: item.format ?? 'json', created_at: item.createdAt ?? null, deleted_at: item.deletedAt ?? null };
}

export interface TemplatedProperties {
  properties: ConfigProperty[];
  errors: string[];
}

/**
 * A scraper's `properties` for one item, as config-db evaluates them: a property whose CEL
 * `filter` is not true is left out, the others have every text (name, label, text, value, links …)
 * rendered as a Go template with `{{…}}` or `$(…)` over the item (`.config`, `.name`, `.labels` …).
 * A property that cannot be rendered is left out, and why is answered.
 */
export async function templateProperties(
  field: unknown,
  item: ScrapedItem,
  variables: Record<string, unknown>,
  cel: CelEvaluator | undefined,
  template: TemplateRenderer | undefined,
): Promise<TemplatedProperties> {
  const properties: ConfigProperty[] = [];
  const errors: string[] = [];
  if (!Array.isArray(field)) return { properties, errors };
  const data = dataOf(item, variables);
  for (const [index, raw] of field.entries()) {
    if (!isRecord(raw)) continue;
    const { filter, ...property } = raw;
    const name = typeof property['name'] === 'string' && property['name'] !== '' ? property['name'] : `properties[${index}]`;
    try {
      if (typeof filter === 'string' && filter !== '') {
        if (!cel) throw new Error('property filters need the expression sandbox');
        const keep = await cel(filter, data);
        if (typeof keep !== 'boolean') throw new Error(`expected a boolean but property filter returned (${JSON.stringify(keep)})`);
        if (!keep) continue;
      }
      const rendered = (await renderValue(property, data, template)) as Record<string, unknown>;
      const problem = numbersOf(rendered);
      if (problem) throw new Error(problem);
      properties.push(rendered);
    } catch (error) {
      errors.push(`${item.type} ${item.externalId}: property ${name}: ${(error as Error).message}`);
    }
  }
  return { properties, errors };
}
