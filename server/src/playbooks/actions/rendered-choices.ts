import { isRecord, TEMPLATED_CHOICES } from '@pharos/core';
import type { ActionKind } from '../spec.js';

/**
 * Why an action's rendered fields cannot run, for the fields that take one of a few values and may
 * be written as a template (`method: "{{.params.method}}"`), or undefined when they can.
 */
export function renderedChoiceProblem(kind: ActionKind, body: unknown): string | undefined {
  const choices = TEMPLATED_CHOICES[kind];
  if (!choices || !isRecord(body)) return undefined;
  for (const [field, allowed] of Object.entries(choices)) {
    const value = body[field];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' && allowed.includes(value.trim().toUpperCase())) continue;
    return `${field} ${JSON.stringify(value)} after templating: must be one of ${allowed.join(', ')}`;
  }
  return undefined;
}
