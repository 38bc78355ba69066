import type { ExpressionSandbox } from '../../expressions/sandbox.js';
import { renderFields, type RunEnvironment } from '../expressions.js';
import type { ActionKind } from '../spec.js';
import { renderedChoiceProblem } from './rendered-choices.js';

/**
 * An action's fields rendered over its run, the same wherever that happens (this server, or the agent
 * with `templatesOn: agent`): Go templates, and `$(…)` outside exec scripts. A field that takes one of a
 * few values and rendered to another throws, saying which.
 */
export async function renderAction(sandbox: ExpressionSandbox, kind: ActionKind, body: Record<string, unknown>, environment: RunEnvironment): Promise<Record<string, unknown>> {
  const rendered = (await renderFields(sandbox, body, environment, { dollar: kind !== 'exec' })) as Record<string, unknown>;
  const problem = renderedChoiceProblem(kind, rendered);
  if (problem) throw new Error(problem);
  return rendered;
}
