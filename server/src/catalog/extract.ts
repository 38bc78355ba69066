import { createHash } from 'node:crypto';
import { isRecord } from '@pharos/core';
import { changeRuleOf } from './change-mapping.js';
import { splitFullDocument } from './full-mode.js';
import { removeAt, replaceAt, select, textOf } from './jsonpath.js';
import { relationshipsOf } from './relationships.js';
import { runTransformScript, type ScriptRunners, type TemplateRenderer } from './transform-script.js';
import { templateProperties } from './properties.js';
import { CONFIG_HEALTH, type ConfigHealth, type ScrapedChange, type ScrapedItem, type ScrapedRelationship } from './scrape-types.js';

/** Runs a CEL expression (in the sandbox) over variables. */
export type CelEvaluator = (expression: string, variables: Record<string, unknown>) => Promise<unknown>;

/** One thing a scraper read: a file, a command's output, a response. */
export interface ScrapeInput {
  document: unknown;
  /** Where it was read from: a path, a URL. */
  source: string;
  /** What the kind itself knows of the item (a manifest's uid, kind, name), used where the spec names nothing. */
  defaults?: ItemDefaults;
}

export interface ItemDefaults {
  id?: string;
  type?: string;
  class?: string;
  name?: string;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  createdAt?: Date | null;
  status?: string | null;
  health?: ConfigHealth | null;
  /** The item's parent among the same scraper's items (a Kubernetes object's owner, namespace or cluster). */
  parent?: { type: string; externalId: string } | null;
  relationships?: ScrapedRelationship[];
  /** Changes the kind read for the item (a Kubernetes object's events). */
  changes?: ScrapedChange[];
}

export interface Extracted {
  items: ScrapedItem[];
  errors: string[];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The documents `items` selects (a single list it selects is its entries), else the document. */
function documentsOf(spec: Record<string, unknown>, document: unknown): unknown[] {
  const given = text(spec['items']);
  if (!given) return [document];
  // `items` is always a path: `.database` is the root's field, as config-db reads it.
  const path = given.startsWith('.') ? `$${given}` : given;
  const selected = select(path, document);
  return selected.length === 1 && Array.isArray(selected[0]) ? selected[0] : selected;
}

/** labels / tags: a map of literals or JSONPaths, or config-db's list of {name, value | jsonpath | label}. */
function mapOf(field: unknown, document: unknown, labels: Record<string, string> = {}): Record<string, string> {
  const result: Record<string, string> = {};
  if (isRecord(field)) {
    for (const [key, value] of Object.entries(field)) {
      const resolved = textOf(value, document);
      if (resolved !== undefined) result[key] = resolved;
    }
  }
  for (const entry of list(field)) {
    if (!isRecord(entry) || !text(entry['name'])) continue;
    const name = entry['name'] as string;
    const path = text(entry['jsonpath']);
    const label = text(entry['label']);
    const resolved = path ? textOf(path.startsWith('$') ? path : `$.${path}`, document) : label ? labels[label] : textOf(entry['value'], document);
    if (resolved !== undefined) result[name] = resolved;
  }
  return result;
}

function healthOf(value: string | undefined): ConfigHealth | null {
  if (value === undefined) return null;
  const health = value.toLowerCase();
  return (CONFIG_HEALTH as readonly string[]).includes(health) ? (health as ConfigHealth) : 'unknown';
}

/** The first date any of the JSONPaths gives (createFields, deleteFields). */
function dateOf(paths: unknown, document: unknown): Date | null {
  for (const path of list(paths)) {
    const value = textOf(path, document);
    if (value === undefined) continue;
    const date = new Date(/^\d+$/.test(value) ? Number(value) * (value.length <= 10 ? 1000 : 1) : value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return null;
}

function clone(value: unknown): unknown {
  return value === undefined ? null : structuredClone(value);
}

/** transform.exclude: fields removed from every item (of the listed types, when `types` is given). */
function exclude(transform: Record<string, unknown>, item: ScrapedItem): void {
  for (const rule of list(transform['exclude'])) {
    if (!isRecord(rule) || !text(rule['jsonpath'])) continue;
    const types = list(rule['types']).filter((type): type is string => typeof type === 'string');
    if (types.length > 0 && !types.includes(item.type)) continue;
    const path = rule['jsonpath'] as string;
    // config-db accepts `.password` and `password` for `$.password`.
    removeAt(path.startsWith('$') ? path : `$${path.startsWith('.') || path.startsWith('[') ? '' : '.'}${path}`, item.config);
  }
}

const maskValue = (value: string) => (original: unknown) =>
  value === 'md5sum' ? createHash('md5').update(typeof original === 'string' ? original : JSON.stringify(original)).digest('hex') : value;

/** transform.mask: fields replaced by their md5sum or a fixed text, on the items the CEL selector picks. */
async function mask(transform: Record<string, unknown>, item: ScrapedItem, cel?: CelEvaluator): Promise<void> {
  for (const rule of list(transform['mask'])) {
    if (!isRecord(rule) || !text(rule['jsonpath']) || typeof rule['value'] !== 'string') continue;
    const selector = text(rule['selector']);
    if (selector) {
      if (!cel) throw new Error('mask selectors need the expression sandbox');
      const chosen = await cel(selector, variablesOf(item));
      if (chosen !== true) continue;
    }
    replaceAt(rule['jsonpath'] as string, item.config, maskValue(rule['value']));
  }
}

/** What CEL sees of an item, with config-db's names. */
export function variablesOf(item: ScrapedItem): Record<string, unknown> {
  return {
    id: item.externalId,
    external_id: item.externalId,
    name: item.name ?? null,
    type: item.type,
    config_type: item.type,
    config_class: item.configClass ?? null,
    status: item.status ?? null,
    health: item.health ?? null,
    labels: item.labels ?? {},
    tags: item.tags ?? {},
    config: item.config,
  };
}

/** An item from one document by the spec's shared fields, or why it cannot be one. */
function itemOf(spec: Record<string, unknown>, document: unknown, source: string, defaults: ItemDefaults = {}): ScrapedItem | string {
  const externalId = textOf(spec['id'], document) ?? defaults.id;
  if (externalId === undefined) return `${source}: no id: ${text(spec['id']) ?? 'id'} selects nothing`;
  const type = textOf(spec['type'], document) ?? defaults.type;
  if (type === undefined) return `${source}: no type: ${text(spec['type']) ?? 'type'} selects nothing`;
  const labels = { ...defaults.labels, ...mapOf(spec['labels'], document) };
  return {
    externalId,
    type,
    configClass: textOf(spec['class'], document) ?? defaults.class ?? type,
    name: textOf(spec['name'], document) ?? defaults.name ?? externalId,
    description: textOf(spec['description'], document) ?? null,
    status: textOf(spec['status'], document) ?? defaults.status ?? null,
    health: healthOf(textOf(spec['health'], document)) ?? defaults.health ?? null,
    ...(defaults.parent ? { parent: defaults.parent } : {}),
    ...(defaults.relationships ? { relationships: defaults.relationships } : {}),
    ...(defaults.changes ? { changes: defaults.changes } : {}),
    config: clone(document),
    format: 'json',
    source,
    labels,
    tags: { ...defaults.tags, ...mapOf(spec['tags'], document, labels) },
    deletedAt: dateOf(spec['deleteFields'], document),
    createdAt: dateOf(spec['createFields'], document) ?? defaults.createdAt ?? null,
  };
}

/**
 * Catalog items from what a scraper read, by the fields every scraper kind shares (config-db's
 * BaseScraper): `items` splits a document, `id`/`name`/`type`/`class`/`status`/`health`/`description`
 * are literals or JSONPaths, `labels`/`tags` maps of either, `createFields`/`deleteFields` dates,
 * `properties` templates over each item (properties.ts);
 * before them the transform script (`javascript`, `gotemplate`, `jsonpath` or CEL `expr`) answers the
 * items, after them `transform.exclude` and `transform.mask` apply; in `full` mode the document's
 * `config`, `changes` and `analysis` are split; `transform.relationship` gives selectors and
 * `transform.changes` maps or drops changes.
 */
export async function extractItems(spec: Record<string, unknown>, inputs: readonly ScrapeInput[], cel?: CelEvaluator, options: { full?: boolean; template?: TemplateRenderer; scripts?: ScriptRunners } = {}): Promise<Extracted> {
  const transform = isRecord(spec['transform']) ? spec['transform'] : {};
  const items: ScrapedItem[] = [];
  const errors: string[] = [];
  for (const input of inputs) {
    let documents: unknown[];
    try {
      documents = documentsOf(spec, input.document);
      // The script sees the whole document when there is no `items` (config-db's order); a list, as
      // the script's answer or as the document, gives an item per entry (as config-db's exec).
      documents = (await runTransformScript(transform, documents, cel, options.template, options.scripts)) ?? documents.flatMap((document) => (Array.isArray(document) ? (document as unknown[]) : [document]));
    } catch (error) {
      errors.push(`${input.source}: ${(error as Error).message}`);
      continue;
    }
    for (const document of documents) {
      const item = itemOf(spec, document, input.source, input.defaults);
      if (typeof item === 'string') {
        errors.push(item);
        continue;
      }
      try {
        if (Array.isArray(spec['properties'])) {
          // Rendered over the item as read, before exclude and mask (config-db's order).
          const templated = await templateProperties(spec['properties'], item, variablesOf(item), cel, options.template);
          item.properties = templated.properties;
          errors.push(...templated.errors.map((problem) => `${input.source}: ${problem}`));
        }
        exclude(transform, item);
        await mask(transform, item, cel);
        if (options.full || spec['full'] === true) errors.push(...splitFullDocument(item).map((problem) => `${input.source}: ${problem}`));
        if (Array.isArray(transform['relationship'])) item.relationships = [...(item.relationships ?? []), ...(await relationshipsOf(transform, item, variablesOf(item), cel))];
        const rule = changeRuleOf(transform, item, cel, options.template);
        if (rule) {
          item.changeRule = rule;
          const kept = [];
          for (const change of item.changes ?? []) {
            const ruled = await rule(change);
            errors.push(...ruled.errors.map((problem) => `${input.source}: ${problem}`));
            if (ruled.change) kept.push(ruled.change);
          }
          item.changes = kept;
        }
        items.push(item);
      } catch (error) {
        errors.push(`${input.source}: ${(error as Error).message}`);
      }
    }
  }
  return { items, errors };
}
