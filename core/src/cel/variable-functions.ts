import type { Environment } from '@marcbachmann/cel-js';

/**
 * Functions of no arguments that answer the expression's variable of the same name, as
 * canary-checker's `last_result()` answers a check's previous result. cel-js hands a function its
 * arguments only, never the expression's variables, so each parsed `last_result()` is pointed at an
 * identity function over the variable `last_result` before it is first checked.
 */
export const VARIABLE_FUNCTIONS: Readonly<Record<string, string>> = { last_result: "only a check's expressions see their previous run" };

const IDENTITY = 'variableValueGo';

interface Operator {
  name: string;
  check: unknown;
  evaluate: unknown;
}

interface Node {
  op: string;
  args: unknown;
  meta: { check: unknown; evaluate: unknown };
  clone(op: Operator, args: unknown): Node;
}

/** The parser's identifier operator, taken from a parsed identifier: cel-js does not export its operators. */
let identifier: Operator | undefined;

export function registerVariableFunctions(environment: Environment): Environment {
  const { check, evaluate } = (environment.parse('variable').ast as unknown as Node).meta;
  identifier = { name: 'id', check, evaluate };
  return environment.registerFunction(`${IDENTITY}(dyn): dyn`, (value: unknown) => value);
}

/** Points a parsed call `last_result()` at the variable `last_result` (a call's args are [name, arguments]). */
export function useVariableFunction(node: { op: string; args: unknown }): void {
  const args = node.args;
  if (node.op !== 'call' || !Array.isArray(args) || !Object.hasOwn(VARIABLE_FUNCTIONS, args[0] as string) || !Array.isArray(args[1]) || args[1].length !== 0) return;
  if (!identifier) throw new Error('registerVariableFunctions was not called on this environment');
  node.args = [IDENTITY, [(node as Node).clone(identifier, args[0])]];
}

/** A message about the expression as written: a variable function whose variable the caller did not give says where it is. */
export function withVariableFunctionNames(message: string): string {
  const unknown = /^Unknown variable: (\w+)$/.exec(message);
  const name = unknown?.[1];
  return name !== undefined && Object.hasOwn(VARIABLE_FUNCTIONS, name) ? `${name}() is not available here: ${VARIABLE_FUNCTIONS[name]}` : message;
}
