import { JSONPath } from 'jsonpath-plus';

interface Script {
  runInNewContext(context: object): unknown;
}

// jsonpath-plus's own safe evaluator of filter scripts (a JavaScript subset interpreter, never code).
const SafeScript = (JSONPath.prototype as unknown as { safeVm: { Script: new (code: string) => Script } }).safeVm.Script;

const STRINGS = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g;
/** A call (`@.name.match(…)`, `f(…)`), or a slash: a regular expression literal (or a division). */
const CALL_OR_REGEX = /[\w$\])'"]\s*\(|\//;

/**
 * The filter scripts (`[?(@.kind == 'Pod')]`) of JSONPaths the server evaluates itself, over every
 * scraped item: comparisons and logic only. A call such as `.match(/(a+)+$/)` or `.repeat(1e8)` could
 * hold the server's event loop or fill its memory, so it is refused with the way round it.
 */
export class ComparingFilter implements Script {
  private readonly script: Script;

  constructor(code: string) {
    if (CALL_OR_REGEX.test(code.replace(STRINGS, '""'))) {
      throw new Error(`the filter ${code.replaceAll('_$_v', '@')} calls a function or uses a regular expression; filters of these fields may only compare values (use transform.expr in CEL for more)`);
    }
    this.script = new SafeScript(code);
  }

  runInNewContext(context: object): unknown {
    return this.script.runInNewContext(context);
  }
}
