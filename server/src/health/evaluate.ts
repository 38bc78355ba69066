import { javascriptOver } from '../expressions/javascript-over.js';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import type { CheckOutcome } from './runners/index.js';
import { DURATION_VARIABLES, expressionVariables, templateVariables, type CheckScope } from './expression-variables.js';
import { applyTransform } from './transform.js';

interface Expressions {
  test?: { expr?: unknown; javascript?: unknown };
  display?: { template?: unknown; expr?: unknown; javascript?: unknown };
}

const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The check's `transform` (transform.ts), then its own `test` (CEL or javascript, which must be true) and
 * `display` (a Go template, CEL or javascript giving the message) over the variables of its run. A check that
 * already failed stays failed; an expression that errs fails the check with its error. As in
 * canary-checker, a result that a transform turned into checks of their own is kept as it is, and an
 * invalid one is neither transformed nor tested.
 */
export async function applyExpressions(sandbox: ExpressionSandbox, spec: Record<string, unknown>, outcome: CheckOutcome, scope?: CheckScope): Promise<CheckOutcome> {
  // A run that says nothing of health (a spec that did not render) keeps its own error, as canary-checker's.
  if (outcome.invalid) return outcome;
  const transformed = await applyTransform(sandbox, spec, outcome, DURATION_VARIABLES, scope);
  if (transformed.madeChecks) return transformed.outcome;
  const result = await testAndDisplay(sandbox, spec, transformed.outcome, scope);
  return transformed.detail ? { ...result, data: transformed.detail } : result;
}

async function testAndDisplay(sandbox: ExpressionSandbox, spec: Record<string, unknown>, outcome: CheckOutcome, scope: CheckScope | undefined): Promise<CheckOutcome> {
  const { test, display } = spec as Expressions;
  let result = outcome;
  try {
    if (result.pass && given(test?.expr)) {
      const passed = await sandbox.evaluateCel(test.expr, expressionVariables(result, scope), DURATION_VARIABLES);
      if (passed !== true) result = { ...result, pass: false, error: `test ${test.expr} is ${JSON.stringify(passed)}` };
    } else if (result.pass && given(test?.javascript)) {
      const variables = expressionVariables(result, scope);
      const passed = await sandbox.runJavascript(javascriptOver(test.javascript, variables), variables);
      if (passed !== true) result = { ...result, pass: false, error: `test ${test.javascript.trim()} is ${JSON.stringify(passed)}` };
    }
    if (typeof display?.template === 'string' && display.template !== '') {
      result = { ...result, message: await sandbox.renderTemplate(display.template, templateVariables(expressionVariables(result, scope)), 'display') };
    } else if (typeof display?.expr === 'string' && display.expr !== '') {
      const shown = await sandbox.evaluateCel(display.expr, expressionVariables(result, scope), DURATION_VARIABLES);
      result = { ...result, message: typeof shown === 'string' ? shown : JSON.stringify(shown) };
    } else if (given(display?.javascript)) {
      const variables = expressionVariables(result, scope);
      const shown = await sandbox.runJavascript(javascriptOver(display.javascript, variables), variables);
      result = { ...result, message: typeof shown === 'string' ? shown : JSON.stringify(shown) };
    }
  } catch (error) {
    return { ...result, pass: false, error: (error as Error).message };
  }
  return result;
}
