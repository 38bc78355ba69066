import type { ExpressionSandbox } from '../../expressions/sandbox.js';

/** canary-checker's template: a Go `template`, a CEL `expr` or a `javascript` script (one of them). */
export interface TemplateSpec {
  template?: string;
  expr?: string;
  javascript?: string;
  jsonPath?: string;
}

export const TEMPLATE_FIELDS = ['template', 'expr', 'javascript', 'jsonPath'] as const;

/**
 * A script sees the variables by name (config, properties, self, …) and its last value is the answer;
 * the catalog's script sandbox hands it one `config` variable, unpacked here.
 */
function javascriptOver(script: string, env: Record<string, unknown>): string {
  const names = Object.keys(env).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
  const unpack = names.map((name) => `var ${name} = __env[${JSON.stringify(name)}];`).join(' ');
  return `var __env = config; ${unpack}\nJSON.stringify(eval(${JSON.stringify(script)}))`;
}

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
