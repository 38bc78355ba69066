import { javascriptOver } from '../../expressions/javascript-over.js';
import type { ExpressionSandbox } from '../../expressions/sandbox.js';

/** canary-checker's template: a Go `template`, a CEL `expr` or a `javascript` script (one of them). */
export interface TemplateSpec {
  template?: string;
  expr?: string;
  javascript?: string;
  jsonPath?: string;
}

export const TEMPLATE_FIELDS = ['template', 'expr', 'javascript', 'jsonPath'] as const;

/** The value of a template over the variables; undefined when it gives none (a jsonPath, not read here, included). */
export async function evaluateTemplate(sandbox: ExpressionSandbox, spec: TemplateSpec | string, env: Record<string, unknown>, name: string): Promise<unknown> {
  if (typeof spec === 'string') return sandbox.renderTemplate(spec, env, name);
  if (typeof spec.template === 'string' && spec.template !== '') return sandbox.renderTemplate(spec.template, env, name);
  if (typeof spec.expr === 'string' && spec.expr !== '') return sandbox.evaluateCel(spec.expr, env);
  if (typeof spec.javascript === 'string' && spec.javascript !== '') return sandbox.runJavascript(javascriptOver(spec.javascript, env), env);
  return undefined;
}

/** A template's value as text. */
export async function templateText(sandbox: ExpressionSandbox, spec: TemplateSpec | string, env: Record<string, unknown>, name: string): Promise<string> {
  const value = await evaluateTemplate(sandbox, spec, env, name);
  return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}
