import { isRecord } from '@pharos/core';
import type { CelEvaluator } from './extract.js';
import { selectorOf } from './relationships.js';
import type { TemplateRenderer } from './transform-script.js';
import { CHANGE_ACTIONS, type ChangeAction, type ChangeRule, type ScrapedChange, type ScrapedItem } from './scrape-types.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** What CEL and summary templates see of a change, with config-db's names (`change` too, as it still offers). */
function variablesOf(change: ScrapedChange, item: ScrapedItem): Record<string, unknown> {
  const fields = {
    change_type: change.changeType,
    summary: change.summary ?? '',
    severity: change.severity ?? '',
    source: change.source ?? '',
    external_change_id: change.externalChangeId ?? '',
    created_by: change.createdBy ?? '',
    details: change.details ?? {},
    patches: change.patches ?? {},
    action: change.action ?? '',
  };
  return { ...fields, change: fields, external_id: item.externalId, config_type: item.type, name: item.name ?? null, config: item.config };
}

/** What a `target` selector's expressions see: the change, and the config as config-db sums it up. */
function targetVariablesOf(variables: Record<string, unknown>, item: ScrapedItem): Record<string, unknown> {
  return { ...variables, config: { name: item.name ?? null, type: item.type, external_id: item.externalId, labels: item.labels ?? {}, tags: item.tags ?? {} } };
}

function actionOf(value: unknown): ChangeAction | undefined {
  const action = text(value);
  if (action === undefined) return undefined;
  if (!(CHANGE_ACTIONS as readonly string[]).includes(action)) throw new Error(`action must be one of ${CHANGE_ACTIONS.join(', ')}, got "${action}"`);
  return action as ChangeAction;
}

async function summaryOf(template: string, variables: Record<string, unknown>, render: TemplateRenderer | undefined): Promise<string> {
  if (!template.includes('{{')) return template;
  if (!render) throw new Error('summary templates need the expression sandbox');
  return render(template, variables);
}

/** One mapping rule applied to a change whose `filter` it passed (config-db's changeRule.process). */
async function applyRule(rule: Record<string, unknown>, change: ScrapedChange, item: ScrapedItem, variables: Record<string, unknown>, cel: CelEvaluator, render: TemplateRenderer | undefined): Promise<ScrapedChange> {
  const action = actionOf(rule['action']);
  const ancestorType = text(rule['ancestor_type']);
  const hasTarget = isRecord(rule['target']) && Object.keys(rule['target']).length > 0;
  if (hasTarget && (action === 'move-up' || action === 'copy-up' || ancestorType)) throw new Error('target is mutually exclusive with move-up/copy-up/ancestor_type');
  const mapped: ScrapedChange = { ...change };
  if (text(rule['type'])) mapped.changeType = rule['type'] as string;
  if (text(rule['severity'])) mapped.severity = (rule['severity'] as string).toLowerCase();
  if (action) mapped.action = action;
  if (text(rule['summary'])) mapped.summary = await summaryOf(rule['summary'] as string, variables, render);
  const configId = text(rule['config_id']);
  if (configId) {
    const externalId = await cel(configId, variables);
    if (externalId === null || externalId === undefined || externalId === '') throw new Error(`config_id ${configId} is empty`);
    mapped.redirect = { externalId: String(externalId), type: null, scraperId: null };
  }
  if (text(rule['config_type'])) mapped.redirect = { ...(mapped.redirect ?? { externalId: item.externalId, scraperId: null }), type: rule['config_type'] as string };
  if (text(rule['scraper_id'])) mapped.redirect = { ...(mapped.redirect ?? { externalId: item.externalId, type: null }), scraperId: rule['scraper_id'] as string };
  if (ancestorType) mapped.ancestorType = ancestorType;
  if (hasTarget) mapped.target = await selectorOf(rule['target'] as Record<string, unknown>, item, targetVariablesOf(variables, item), cel);
  return mapped;
}

/**
 * `transform.changes` as config-db applies it: every `mapping` rule whose CEL `filter` is true, in
 * order, sets what it names on the change: `type`, `severity`, `summary` (a Go template over the
 * change), `action` (`ignore` drops the change; `delete`, `move-up`, `copy-up`, `copy`, `move` are
 * carried out when it is written, see change-actions.ts), `ancestor_type`, `target` (a config
 * selector for copy/move), `config_id` (CEL answering the external id of the config it is for
 * instead), `config_type` and `scraper_id`. Then a change any `exclude` expression is true for is
 * dropped. A rule that fails is skipped, and why is answered.
 */
export function changeRuleOf(transform: Record<string, unknown>, item: ScrapedItem, cel: CelEvaluator | undefined, render?: TemplateRenderer): ChangeRule | undefined {
  const rules = isRecord(transform['changes']) ? transform['changes'] : {};
  const exclude = (Array.isArray(rules['exclude']) ? rules['exclude'] : []).filter((rule): rule is string => typeof rule === 'string' && rule !== '');
  const mapping = (Array.isArray(rules['mapping']) ? rules['mapping'] : []).filter(isRecord);
  if (exclude.length === 0 && mapping.length === 0) return undefined;
  return async (original) => {
    if (!cel) return { change: original, errors: [`${item.type} ${item.externalId}: transform.changes needs the expression sandbox`] };
    const errors: string[] = [];
    let change = original;
    for (const [index, rule] of mapping.entries()) {
      try {
        const variables = variablesOf(change, item);
        const filter = text(rule['filter']);
        if (filter && (await cel(filter, variables)) !== true) continue;
        change = await applyRule(rule, change, item, variables, cel, render);
      } catch (error) {
        errors.push(`${item.type} ${item.externalId}: transform.changes.mapping[${index}]: ${(error as Error).message}`);
      }
    }
    if (change.action === 'ignore') return { change: null, errors };
    const variables = variablesOf(change, item);
    for (const rule of exclude) {
      try {
        if ((await cel(rule, variables)) === true) return { change: null, errors };
      } catch (error) {
        errors.push(`${item.type} ${item.externalId}: transform.changes.exclude: ${(error as Error).message}`);
      }
    }
    return { change, errors };
  };
}
