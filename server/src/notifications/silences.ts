import { isRecord } from '@pharos/core';
import picomatch from 'picomatch';
import { ExpressionBusy, ExpressionCancelled, ExpressionStopped, type ExpressionSandbox, type Interactive } from '../expressions/sandbox.js';
import { parseLabelSelector, type LabelRequirement } from '../shell/label-selector.js';
import type { Subject } from './types.js';

export const SELECTOR_TYPES = ['check', 'config', 'component', 'canary'] as const;

/** One entry of a silence's `selectors`. */
export interface SilenceSelector {
  type?: (typeof SELECTOR_TYPES)[number];
  id?: string;
  /** A glob (`api-*`). */
  name?: string;
  /** A Kubernetes-style label selector (`env=prod,team in (a,b)`). */
  labels?: string;
}

export interface Silence {
  id: string;
  name: string;
  filter: string | null;
  selectors: SilenceSelector[] | null;
  notification_id: string | null;
}

/** A silence that cannot be used as written: the message says why. */
export class SilenceError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The selectors of a silence, checked; throws SilenceError naming the bad one. */
export function readSelectors(value: unknown): SilenceSelector[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new SilenceError('selectors must be a list of {type, id, name, labels}');
  return value.map((entry, index) => {
    const where = `selectors[${index}]`;
    if (!isRecord(entry)) throw new SilenceError(`${where} must be an object with type, id, name or labels`);
    const selector: SilenceSelector = {};
    const { type, id, name, labels } = entry;
    if (type !== undefined && type !== null) {
      if (typeof type !== 'string' || !(SELECTOR_TYPES as readonly string[]).includes(type)) throw new SilenceError(`${where}.type must be one of ${SELECTOR_TYPES.join(', ')}`);
      selector.type = type as SilenceSelector['type'];
    }
    if (id !== undefined && id !== null) {
      if (typeof id !== 'string' || !UUID.test(id)) throw new SilenceError(`${where}.id must be a uuid`);
      selector.id = id;
    }
    if (name !== undefined && name !== null && name !== '') {
      if (typeof name !== 'string') throw new SilenceError(`${where}.name must be a text (a glob such as api-*)`);
      selector.name = name;
    }
    if (labels !== undefined && labels !== null && labels !== '') {
      if (typeof labels !== 'string') throw new SilenceError(`${where}.labels must be a label selector such as env=prod`);
      try {
        parseLabelSelector(labels);
      } catch (error) {
        throw new SilenceError(`${where}.labels: ${(error as Error).message}`);
      }
      selector.labels = labels;
    }
    if (!selector.id && !selector.name && !selector.labels && !selector.type) throw new SilenceError(`${where} selects nothing: give a type, id, name or labels`);
    return selector;
  });
}

function requirementHolds(requirement: LabelRequirement, labels: Record<string, string>): boolean {
  const value = labels[requirement.key];
  switch (requirement.op) {
    case 'eq':
      return value === requirement.value;
    case 'neq':
      return value !== requirement.value;
    case 'exists':
      return value !== undefined;
    case 'absent':
      return value === undefined;
    case 'in':
      return value !== undefined && requirement.values.includes(value);
    case 'notin':
      return value === undefined || !requirement.values.includes(value);
  }
}

const globs = new Map<string, (name: string) => boolean>();
function globMatches(pattern: string, name: string): boolean {
  let matcher = globs.get(pattern);
  if (!matcher) {
    matcher = picomatch(pattern, { dot: true });
    if (globs.size > 1_000) globs.clear();
    globs.set(pattern, matcher);
  }
  return matcher(name);
}

/** Whether a selector picks the subject (a `canary` selector picks the checks of that canary). */
export function selectorMatches(selector: SilenceSelector, subject: Subject): boolean {
  const onCanary = selector.type === 'canary';
  if (onCanary ? subject.type !== 'check' : selector.type !== undefined && selector.type !== subject.type) return false;
  const canary = subject.variables['canary'] as Record<string, unknown> | undefined;
  const id = onCanary ? subject.canaryId : subject.id;
  const name = onCanary ? (typeof canary?.['name'] === 'string' ? canary['name'] : null) : subject.name;
  const labels = onCanary ? Object.fromEntries(Object.entries(isRecord(canary?.['labels']) ? canary['labels'] : {}).map(([key, value]) => [key, String(value)])) : subject.labels;
  if (selector.id !== undefined && selector.id.toLowerCase() !== id?.toLowerCase()) return false;
  if (selector.name !== undefined && (name === null || !globMatches(selector.name, name))) return false;
  if (selector.labels !== undefined && !parseLabelSelector(selector.labels).every((requirement) => requirementHolds(requirement, labels))) return false;
  return true;
}

/**
 * The silences that mute sends about this subject: any of their selectors picks it and their CEL
 * filter (when they have one) is true. Read once per event, for every rule. A filter that cannot be
 * evaluated silences nothing; for a preview (`interactive`) one stopped at a limit fails the preview.
 */
export async function matchingSilences(sandbox: ExpressionSandbox, silences: readonly Silence[], subject: Subject, interactive?: Interactive): Promise<Silence[]> {
  const matching: Silence[] = [];
  for (const silence of silences) {
    const selectors = silence.selectors ?? [];
    if (selectors.length > 0 && !selectors.some((selector) => selectorMatches(selector, subject))) continue;
    if (silence.filter && silence.filter.trim() !== '') {
      try {
        if ((await sandbox.evaluateCel(silence.filter, subject.variables, [], interactive)) !== true) continue;
      } catch (error) {
        if (error instanceof ExpressionBusy || (interactive && (error instanceof ExpressionStopped || error instanceof ExpressionCancelled))) throw error;
        continue;
      }
    }
    matching.push(silence);
  }
  return matching;
}

/** Of the silences picking a subject, the first that holds for this notification (all rules, or this one). */
export function silenceFor(matching: readonly Silence[], notificationId: string): Silence | undefined {
  return matching.find((silence) => !silence.notification_id || silence.notification_id === notificationId);
}
