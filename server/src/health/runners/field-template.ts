import type { RunContext } from './types.js';

/**
 * A field of the spec as canary-checker renders it before the check runs (a sql `query`, a folder's
 * `filter.since`): a Go template over the check, its canary and `last_result` (the previous run), as
 * written when it holds no template or where nothing is rendered (lookups, playbook actions).
 */
export async function renderField(value: string, context: RunContext): Promise<string> {
  if (!context.render || !value.includes('{{')) return value;
  return context.render(value, { ...context.scope });
}
