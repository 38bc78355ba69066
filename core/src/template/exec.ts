import { TemplateError } from './errors.js';
import { formatValue, goTypeName, NO_VALUE, sortedEntries } from './format.js';
import type { Arg, Command, Node, ParsedTemplate, Pipe } from './parse.js';
import { arityError } from './arity.js';
import { TemplateNamespace } from './gomplate/namespace.js';
import { methodOf } from './methods.js';
import { truth } from './truth.js';

/** A template function: evaluated arguments in, a value out; throwing fails the template. */
export type TemplateFunction = (...args: unknown[]) => unknown;

export interface ExecLimits {
  /** Nodes, commands and loop iterations one execution may take. */
  maxSteps: number;
  /** Characters of output. */
  maxOutput: number;
  /** Nested {{template}} calls. */
  maxDepth: number;
  /** Wall-clock milliseconds. */
  timeoutMs: number;
}

export const DEFAULT_LIMITS: ExecLimits = { maxSteps: 1_000_000, maxOutput: 1_000_000, maxDepth: 100, timeoutMs: 2_000 };

class BreakSignal {}
class ContinueSignal {}

/** Lazy (short-circuit) functions get their arguments as thunks. */
const LAZY = new Set(['and', 'or']);

function isMapLike(value: unknown): value is Record<string, unknown> | Map<unknown, unknown> {
  return value instanceof Map || (typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date));
}

interface Variable {
  name: string;
  value: unknown;
}

/** Runs a parsed template over `data` with `funcs`, within `limits`. */
export function execute(
  parsed: ParsedTemplate,
  data: unknown,
  funcs: ReadonlyMap<string, TemplateFunction>,
  limits: ExecLimits = DEFAULT_LIMITS,
): string {
  const { name, source, templates } = parsed;
  const output: string[] = [];
  let written = 0;
  let steps = 0;
  let depth = 0;
  const deadline = Date.now() + limits.timeoutMs;
  let currentTemplate = name;

  const fail = (pos: number, message: string, node = operandText(pos)): never => {
    throw new TemplateError(name, source, pos, message, `executing "${currentTemplate}" at <${node}>`);
  };
  const step = (pos: number) => {
    steps++;
    if (steps > limits.maxSteps) fail(pos, `stopped after ${limits.maxSteps} steps`);
    if ((steps & 1023) === 0 && Date.now() > deadline) fail(pos, `stopped after ${limits.timeoutMs} ms`);
  };
  const write = (pos: number, text: string) => {
    written += text.length;
    if (written > limits.maxOutput) fail(pos, `output exceeds ${limits.maxOutput} characters`);
    output.push(text);
  };

  const main = templates.get(name);
  if (!main) throw new TemplateError(name, source, 0, `"${name}" is an incomplete or empty template`);
  const variables: Variable[] = [{ name: '$', value: data }];
  walkList(main, data);
  return output.join('');

  function operandText(pos: number): string {
    return /^[^\s|)]*(\([^)]*\))?[^\s|)]*/.exec(source.slice(pos))?.[0].replace(/[}]+$/, '') ?? '';
  }

  function walkList(nodes: readonly Node[], dot: unknown): void {
    for (const node of nodes) walk(node, dot);
  }

  function walk(node: Node, dot: unknown): void {
    step(node.pos);
    switch (node.type) {
      case 'text':
        write(node.pos, node.text);
        return;
      case 'action': {
        // A declaration prints nothing; its variable lives until the end of the enclosing block.
        const value = evalPipe(node.pipe, dot);
        if (node.pipe.decl.length === 0) write(node.pos, printable(value));
        return;
      }
      case 'if':
      case 'with': {
        const mark = variables.length;
        const value = evalPipe(node.pipe, dot);
        if (truth(value)) walkList(node.list, node.type === 'with' ? value : dot);
        else if (node.elseList) walkList(node.elseList, dot);
        variables.length = mark;
        return;
      }
      case 'range':
        return walkRange(node, dot);
      case 'template':
        return walkTemplate(node, dot);
      case 'break':
        throw new BreakSignal();
      case 'continue':
        throw new ContinueSignal();
    }
  }

  function walkRange(node: Extract<Node, { type: 'range' }>, dot: unknown): void {
    const mark = variables.length;
    const value = evalPipe({ ...node.pipe, decl: [] }, dot);
    const [first, second] = node.pipe.decl;
    let ran = false;
    const iterate = (key: unknown, element: unknown): boolean => {
      step(node.pos);
      ran = true;
      const iteration = variables.length;
      if (first !== undefined) declare(first, second === undefined ? element : key, node.pipe.assign, node.pos);
      if (second !== undefined) declare(second, element, node.pipe.assign, node.pos);
      try {
        walkList(node.list, element);
      } catch (signal) {
        if (signal instanceof BreakSignal) return false;
        if (!(signal instanceof ContinueSignal)) throw signal;
      } finally {
        variables.length = iteration;
      }
      return true;
    };
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length && iterate(i, value[i]); i++);
    } else if (isMapLike(value)) {
      for (const [key, item] of sortedEntries(value)) if (!iterate(key, item)) break;
    } else if (typeof value === 'number' && Number.isInteger(value)) {
      for (let i = 0; i < value && iterate(i, i); i++);
    } else if (value !== undefined && value !== null) {
      fail(node.pos, `range can't iterate over ${formatValue(value)}`);
    }
    if (!ran && node.elseList) walkList(node.elseList, dot);
    variables.length = mark;
  }

  function walkTemplate(node: Extract<Node, { type: 'template' }>, dot: unknown): void {
    const body = templates.get(node.name);
    if (!body) fail(node.pos, `template "${node.name}" not defined`);
    const value = node.pipe ? evalPipe(node.pipe, dot) : undefined;
    depth++;
    if (depth > limits.maxDepth) fail(node.pos, `exceeded maximum template depth (${limits.maxDepth})`);
    const saved = variables.splice(0);
    const caller = currentTemplate;
    variables.push({ name: '$', value });
    currentTemplate = node.name;
    try {
      walkList(body!, value);
    } finally {
      currentTemplate = caller;
      variables.splice(0, variables.length, ...saved);
      depth--;
    }
  }

  function declare(variable: string, value: unknown, assign: boolean, pos: number): void {
    if (!assign) {
      variables.push({ name: variable, value });
      return;
    }
    for (let i = variables.length - 1; i >= 0; i--) {
      if (variables[i]!.name === variable) {
        variables[i]!.value = value;
        return;
      }
    }
    fail(pos, `undefined variable: ${variable}`);
  }

  function lookupVariable(variable: string, pos: number): unknown {
    for (let i = variables.length - 1; i >= 0; i--) if (variables[i]!.name === variable) return variables[i]!.value;
    return fail(pos, `undefined variable: ${variable}`);
  }

  function evalPipe(pipe: Pipe, dot: unknown): unknown {
    let value: unknown;
    let hasFinal = false;
    for (const cmd of pipe.cmds) {
      value = evalCommand(cmd, dot, hasFinal, value);
      hasFinal = true;
    }
    for (const variable of pipe.decl) declare(variable, value, pipe.assign, pipe.pos);
    return value;
  }

  function evalCommand(cmd: Command, dot: unknown, hasFinal: boolean, final: unknown): unknown {
    step(cmd.pos);
    const [first, ...rest] = cmd.args as [Arg, ...Arg[]];
    switch (first.type) {
      case 'field':
        return evalFieldPath(dot, first.path, first.pos, rest, dot, hasFinal, final);
      case 'variable':
        return evalFieldPath(lookupVariable(first.name, first.pos), first.path, first.pos, rest, dot, hasFinal, final);
      case 'chain':
        return evalFieldPath(evalArg(first.node, dot), first.path, first.pos, rest, dot, hasFinal, final);
      case 'identifier':
        return callFunction(first.name, first.pos, rest, dot, hasFinal, final, cmd.text);
      default:
        if (rest.length > 0 || hasFinal) fail(first.pos, `can't give argument to non-function ${operandText(first.pos)}`);
        return evalArg(first, dot);
    }
  }

  function evalArg(arg: Arg, dot: unknown): unknown {
    step(arg.pos);
    switch (arg.type) {
      case 'dot':
        return dot;
      case 'field':
        return evalFieldPath(dot, arg.path, arg.pos, [], dot, false, undefined);
      case 'variable':
        return evalFieldPath(lookupVariable(arg.name, arg.pos), arg.path, arg.pos, [], dot, false, undefined);
      case 'chain':
        return evalFieldPath(evalArg(arg.node, dot), arg.path, arg.pos, [], dot, false, undefined);
      case 'identifier':
        return callFunction(arg.name, arg.pos, [], dot, false, undefined);
      case 'pipe': {
        const mark = variables.length;
        const value = evalPipe(arg.pipe, dot);
        variables.length = mark;
        return value;
      }
      case 'string':
      case 'number':
      case 'bool':
        return arg.value;
      case 'nil':
        return null;
    }
  }

  /** `.a.b`, `$x.a` or `(…).a`: the last step may be a function-valued field called with arguments. */
  function evalFieldPath(receiver: unknown, path: readonly string[], pos: number, args: readonly Arg[], dot: unknown, hasFinal: boolean, final: unknown): unknown {
    let value = receiver;
    if (path.length === 0 && (args.length > 0 || hasFinal)) fail(pos, `can't give argument to non-function ${operandText(pos)}`);
    path.forEach((field, index) => {
      const last = index === path.length - 1;
      if (value === undefined || value === null) fail(pos, `nil pointer evaluating ${goTypeName(value) === '<nil>' ? 'interface {}' : goTypeName(value)}.${field}`);
      const method = methodOf(value, field);
      if (method) {
        const callArgs = last ? [...args.map((arg) => evalArg(arg, dot)), ...(hasFinal ? [final] : [])] : [];
        // A namespace's functions have Go's arity; time methods take what they take.
        value = invoke(field, method, callArgs, pos, undefined, value instanceof TemplateNamespace);
        return;
      }
      if (value instanceof TemplateNamespace) fail(pos, `can't evaluate field ${field} in namespace ${value.name}`);
      let next: unknown;
      if (value instanceof Map) next = value.get(field);
      else if (typeof value === 'object' && !Array.isArray(value)) next = Object.hasOwn(value as object, field) ? (value as Record<string, unknown>)[field] : undefined;
      else fail(pos, `can't evaluate field ${field} in type ${goTypeName(value)}`);
      if (last && (args.length > 0 || hasFinal)) fail(pos, `${field} is not a method but has arguments`);
      value = next;
    });
    return value;
  }

  function callFunction(fn: string, pos: number, args: readonly Arg[], dot: unknown, hasFinal: boolean, final: unknown, text = fn): unknown {
    const implementation = funcs.get(fn);
    if (!implementation) fail(pos, `function "${fn}" not defined`, text);
    if (LAZY.has(fn)) {
      const thunks = [...args.map((arg) => () => evalArg(arg, dot)), ...(hasFinal ? [() => final] : [])];
      if (thunks.length === 0) fail(pos, `wrong number of args for ${fn}: want at least 1 got 0`);
      let value: unknown;
      for (const thunk of thunks) {
        value = thunk();
        if (fn === 'and' ? !truth(value) : truth(value)) return value;
      }
      return value;
    }
    const values = [...args.map((arg) => evalArg(arg, dot)), ...(hasFinal ? [final] : [])];
    return invoke(fn, implementation!, values, pos, text, true);
  }

  function invoke(fn: string, implementation: TemplateFunction, values: unknown[], pos: number, text?: string, checkArity = false): unknown {
    const wrongCount = checkArity ? arityError(fn, implementation, values.length) : undefined;
    if (wrongCount) fail(pos, wrongCount, text);
    try {
      return implementation(...values);
    } catch (error) {
      if (error instanceof TemplateError) throw error;
      return fail(pos, `error calling ${fn}: ${error instanceof Error ? error.message : String(error)}`, text);
    }
  }
}

/** What an action prints: `<no value>` for a missing key or null, else Go's %v. */
function printable(value: unknown): string {
  return value === undefined || value === null ? NO_VALUE : formatValue(value);
}
