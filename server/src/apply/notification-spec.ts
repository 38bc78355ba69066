import { isRecord, validateCel } from '@pharos/core';
import { NOTIFIED_EVENTS } from '../notifications/events.js';
import { groupWindowMs } from '../notifications/grouping/group-window.js';
import { repeatIntervalMs } from '../notifications/repeat-interval.js';
import { SCRIPT_TYPES, TEMPLATE_TYPE_PROPERTY } from '../notifications/script-types.js';

interface SpecProblem {
  path: (string | number)[];
  reason: string;
}

function celProblem(expression: unknown, path: (string | number)[], what: string): SpecProblem[] {
  if (typeof expression !== 'string' || expression.trim() === '') return [];
  try {
    validateCel(expression);
    return [];
  } catch (error) {
    return [{ path, reason: `${what} is not valid CEL: ${(error as Error).message}` }];
  }
}

/**
 * What a Notification's schema cannot tell: events delivery knows, a CEL filter that compiles, a
 * repeat interval delivery reads (1h, 2h, 3h, 6h, 1d, 1w, 1m, or a whole number of s, h, d, w or
 * m), a group window it reads (30s, 5m, 1h), a known `properties.template_type` and, for Expr, a template that compiles.
 */
export function notificationSpecProblems(spec: Record<string, unknown>): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const events = Array.isArray(spec['events']) ? spec['events'] : [];
  events.forEach((event, index) => {
    if (typeof event === 'string' && !NOTIFIED_EVENTS.includes(event)) problems.push({ path: ['events', index], reason: `unknown event ${event}: one of ${NOTIFIED_EVENTS.join(', ')}` });
  });
  problems.push(...celProblem(spec['filter'], ['filter'], 'filter'));
  for (const key of ['repeatInterval', 'repeat_interval']) {
    const value = spec[key];
    if (value === undefined || value === null) continue;
    try {
      if (typeof value !== 'string') throw new Error(`repeat interval ${JSON.stringify(value)} is not one of 1h, 2h, 3h, 6h, 1d, 1w, 1m`);
      repeatIntervalMs(value);
    } catch (error) {
      problems.push({ path: [key], reason: (error as Error).message });
    }
  }
  for (const key of ['groupByTopology', 'group_by_topology']) {
    const value = spec[key];
    if (value !== undefined && value !== null && typeof value !== 'boolean') problems.push({ path: [key], reason: `${key} is true or false, not ${JSON.stringify(value)}` });
  }
  for (const key of ['groupWindow', 'group_window']) {
    const value = spec[key];
    if (value === undefined || value === null) continue;
    try {
      if (typeof value !== 'string') throw new Error(`group window ${JSON.stringify(value)} is not a whole number of seconds, minutes or hours such as 30s, 5m or 1h`);
      groupWindowMs(value);
    } catch (error) {
      problems.push({ path: [key], reason: (error as Error).message });
    }
  }
  const properties = isRecord(spec['properties']) ? spec['properties'] : {};
  const scriptType = properties[TEMPLATE_TYPE_PROPERTY];
  if (scriptType !== undefined && scriptType !== '' && !(SCRIPT_TYPES as readonly unknown[]).includes(scriptType)) {
    problems.push({ path: ['properties', TEMPLATE_TYPE_PROPERTY], reason: `${TEMPLATE_TYPE_PROPERTY} ${JSON.stringify(scriptType)} is not one of ${SCRIPT_TYPES.join(', ')}` });
  }
  if (scriptType === 'expr') problems.push(...celProblem(spec['template'], ['template'], 'template'));
  return problems;
}
