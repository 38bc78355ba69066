import { isRecord } from '@pharos/core';
import { ANALYSIS_RULES } from './analysis-rules.js';
import type { ScrapedAnalysis, ScrapedChange, ScrapedItem } from './scrape-types.js';

/** Values config_analysis accepts (0006_catalog.sql); others become `other` and `info`. */
const ANALYSIS_TYPES = ['cost', 'availability', 'performance', 'security', 'integration', 'compliance', 'technical_debt', 'reliability', 'recommendation', 'other'];
const SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'];
const STATUSES = ['open', 'resolved', 'silenced'];

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A change of the data, in config-db's ChangeResult fields. */
function changeOf(raw: Record<string, unknown>): ScrapedChange {
  return {
    // config-db keeps a change without change_type (its car example's has only an action), with an empty one.
    changeType: text(raw['change_type']) ?? '',
    externalChangeId: text(raw['external_change_id']) ?? null,
    summary: text(raw['summary']) ?? null,
    severity: text(raw['severity'])?.toLowerCase() ?? null,
    source: text(raw['source']) ?? null,
    createdAt: dateOf(raw['created_at']),
    createdBy: text(raw['created_by']) ?? null,
    details: raw['details'] ?? null,
    patches: raw['patches'] ?? null,
    diff: text(raw['diff']) ?? null,
  };
}

/**
 * An insight of the data, in config-db's AnalysisResult fields (`external_id`/`config_type` naming
 * another config than the item, `external_analysis_id`), with the category and severity of
 * config-db's built-in rule for its analyzer; why not when it cannot be one.
 */
function analysisOf(raw: Record<string, unknown>): ScrapedAnalysis | string {
  const analyzer = text(raw['analyzer']);
  if (!analyzer) return 'an analysis has no analyzer';
  const rule = ANALYSIS_RULES[analyzer];
  const kind = rule?.category ?? text(raw['analysis_type'])?.toLowerCase();
  const severity = rule?.severity ?? text(raw['severity'])?.toLowerCase();
  const status = text(raw['status'])?.toLowerCase();
  const messages = Array.isArray(raw['messages']) ? raw['messages'].filter((line): line is string => typeof line === 'string') : [];
  return {
    analyzer,
    analysisType: kind && ANALYSIS_TYPES.includes(kind) ? kind : 'other',
    severity: severity && SEVERITIES.includes(severity) ? severity : 'info',
    summary: text(raw['summary']) ?? null,
    message: messages.length > 0 ? messages.join('\n') : (text(raw['message']) ?? null),
    analysis: raw['analysis'] ?? null,
    source: text(raw['source']) ?? null,
    status: status && STATUSES.includes(status) ? status : 'open',
    externalId: text(raw['external_id']) ?? null,
    configType: text(raw['config_type']) ?? null,
    externalAnalysisId: text(raw['external_analysis_id']) ?? null,
  };
}

/**
 * `full: true` (config-db's full mode): an item's document holds its `config`, the `changes` the
 * scraped system recorded and its `analysis` (insights); the item keeps the config, the changes go to
 * config_changes and the insights to config_analysis.
 * Answers the problems of changes that could not be read.
 */
export function splitFullDocument(item: ScrapedItem): string[] {
  const document = item.config;
  if (!isRecord(document)) return [];
  const problems: string[] = [];
  if ('config' in document) item.config = document['config'] ?? null;
  const changes: ScrapedChange[] = [];
  for (const raw of Array.isArray(document['changes']) ? (document['changes'] as unknown[]) : []) {
    const change = isRecord(raw) ? changeOf(raw) : 'a change is not an object';
    if (typeof change === 'string') problems.push(`${item.type} ${item.externalId}: ${change}`);
    else changes.push(change);
  }
  item.changes = changes;
  if (Array.isArray(document['analysis'])) {
    item.analysis = [];
    for (const raw of document['analysis'] as unknown[]) {
      const analysis = isRecord(raw) ? analysisOf(raw) : 'an analysis is not an object';
      if (typeof analysis === 'string') problems.push(`${item.type} ${item.externalId}: ${analysis}`);
      else item.analysis.push(analysis);
    }
  }
  return problems;
}
