import type { ExpressionSandbox } from '../expressions/sandbox.js';
import { templateText } from '../topology/engine/template.js';
import { ScriptFailure, type ScriptType } from './script-types.js';

const LABELS: Readonly<Record<ScriptType, string>> = { javascript: 'Javascript', expr: 'Expr', jsonpath: 'JSONPath' };

function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The body a script gives over the template's variables, as canary-checker's display scripts do:
 * a Javascript expression (its last value; the variables by name) in the QuickJS sandbox, a CEL
 * expression in the expression sandbox, or a JSONPath over the variables (each value it selects, one a
 * line). Throws a ScriptFailure naming the language and the script's error.
 */
export async function runBodyScript(sandbox: ExpressionSandbox, type: ScriptType, script: string, variables: Record<string, unknown>, name: string): Promise<string> {
  let body: string;
  try {
    if (type === 'jsonpath') {
      const values = await sandbox.selectJsonPath(script.trim(), variables);
      if (values.length === 0) throw new Error(`${script.trim()} selected nothing`);
      body = values.map(textOf).join('\n');
    } else {
      body = await templateText(sandbox, type === 'javascript' ? { javascript: script } : { expr: script }, variables, name);
    }
  } catch (error) {
    throw new ScriptFailure(`the ${LABELS[type]} template failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (body.trim() === '') throw new ScriptFailure(`the ${LABELS[type]} template gave an empty body`);
  return body;
}
