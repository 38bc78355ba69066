import type { CelEvaluator } from './extract.js';

/** Renders a Go text/template (in the sandbox) over data. */
export type TemplateRenderer = (template: string, data: unknown) => Promise<string>;

/** The transform scripts that run in the expression sandbox besides CEL and templates. */
export interface ScriptRunners {
  javascript: (script: string, config: unknown) => Promise<unknown>;
  jsonpath: (path: string, json: unknown) => Promise<unknown[]>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** An answer as items: JSON text is read, a list gives its entries, nothing gives none. */
function itemsOf(answer: unknown): unknown[] {
  const value = typeof answer === 'string' ? (answer.trim() === '' ? null : (JSON.parse(answer) as unknown)) : answer;
  if (Array.isArray(value)) return value as unknown[];
  return value === null || value === undefined ? [] : [value];
}

/**
 * config-db's transform script, one of `javascript` (QuickJS), `gotemplate`,
 * `jsonpath` or `expr` (CEL), run over each document as `config`: what it answers replaces the
 * document (a list, its entries). Undefined when the transform has none.
 */
export async function runTransformScript(
  transform: Record<string, unknown>,
  documents: readonly unknown[],
  cel?: CelEvaluator,
  template?: TemplateRenderer,
  scripts?: ScriptRunners,
): Promise<unknown[] | undefined> {
  const javascript = text(transform['javascript']);
  const gotemplate = text(transform['gotemplate']);
  const jsonpath = text(transform['jsonpath']);
  const expression = text(transform['expr']);
  if (!javascript && !gotemplate && !jsonpath && !expression) return undefined;
  const result: unknown[] = [];
  if ((javascript || jsonpath) && !scripts) throw new Error(`transform.${javascript ? 'javascript' : 'jsonpath'} needs the expression sandbox`);
  for (const document of documents) {
    if (javascript) result.push(...itemsOf(await scripts!.javascript(javascript, document)));
    else if (gotemplate) {
      if (!template) throw new Error('transform.gotemplate needs the expression sandbox');
      result.push(...itemsOf(await template(gotemplate, { config: document })));
    } else if (jsonpath) result.push(...(await scripts!.jsonpath(jsonpath, document)).flatMap(itemsOf));
    else {
      if (!cel) throw new Error('transform.expr needs the expression sandbox');
      result.push(...itemsOf(await cel(expression!, { config: document })));
    }
  }
  return result;
}
