import { TemplateError } from './errors.js';
import { lex, type Delimiters, type Token } from './lex.js';
import { decodeEscapes, goNumber } from './literals.js';

export type Arg =
  | { type: 'dot'; pos: number }
  | { type: 'field'; pos: number; path: string[] }
  | { type: 'variable'; pos: number; name: string; path: string[] }
  | { type: 'identifier'; pos: number; name: string }
  | { type: 'chain'; pos: number; node: Arg; path: string[] }
  | { type: 'pipe'; pos: number; pipe: Pipe }
  | { type: 'string'; pos: number; value: string }
  | { type: 'number'; pos: number; value: number; text: string }
  | { type: 'bool'; pos: number; value: boolean }
  | { type: 'nil'; pos: number };

export interface Command {
  pos: number;
  /** The command as written, for errors. */
  text: string;
  args: Arg[];
}

export interface Pipe {
  pos: number;
  /** Variables declared (`:=`) or assigned (`=`) by the pipeline. */
  decl: string[];
  assign: boolean;
  cmds: Command[];
}

export type Node =
  | { type: 'text'; pos: number; text: string }
  | { type: 'action'; pos: number; pipe: Pipe }
  | { type: 'if' | 'with'; pos: number; pipe: Pipe; list: Node[]; elseList?: Node[] }
  | { type: 'range'; pos: number; pipe: Pipe; list: Node[]; elseList?: Node[] }
  | { type: 'template'; pos: number; name: string; pipe?: Pipe }
  | { type: 'break' | 'continue'; pos: number };

/** A parsed template and the ones it defines (`define`, `block`), by name. */
export interface ParsedTemplate {
  name: string;
  source: string;
  templates: Map<string, Node[]>;
}

type EndKeyword = 'end' | 'else';

/** Deepest nesting of blocks and parentheses, far beyond what a person writes, well within the stack. */
const MAX_NESTING = 100;

/** Parses a template in Go's text/template syntax; `isFunction` says which function names exist. */
export function parse(name: string, source: string, delimiters?: Delimiters, isFunction: (name: string) => boolean = () => true): ParsedTemplate {
  const tokens = lex(name, source, delimiters);
  const templates = new Map<string, Node[]>();
  let index = 0;
  let rangeDepth = 0;
  let nesting = 0;
  const enter = (pos: number) => {
    nesting++;
    if (nesting > MAX_NESTING) fail(pos, `nested too deeply (more than ${MAX_NESTING} levels)`);
  };

  const fail = (pos: number, message: string): never => {
    throw new TemplateError(name, source, pos, message);
  };
  const peek = (): Token => tokens[index]!;
  const next = (): Token => tokens[index++]!;
  const skipSpace = () => {
    while (peek().kind === 'space') index++;
  };
  const nonSpace = (): Token => {
    skipSpace();
    return next();
  };
  const expect = (kind: Token['kind'], context: string): Token => {
    const token = nonSpace();
    if (token.kind !== kind) fail(token.pos, `unexpected ${describe(token)} in ${context}`);
    return token;
  };

  const main = parseList(false);
  if (peek().kind !== 'eof') fail(peek().pos, `unexpected ${describe(peek())}`);
  if (!templates.has(name) || main.some((node) => node.type !== 'text' || node.text.trim() !== '')) templates.set(name, main);
  return { name, source, templates };

  /** Nodes up to the end of input, or (inside a block) up to `{{end}}` / `{{else}}`, which it answers. */
  function parseList(inBlock: boolean): Node[] & { end?: { keyword: EndKeyword; pos: number } } {
    const nodes: Node[] & { end?: { keyword: EndKeyword; pos: number } } = [];
    for (;;) {
      const token = peek();
      if (token.kind === 'eof') {
        if (inBlock) fail(token.pos, 'unexpected EOF');
        return nodes;
      }
      if (token.kind === 'text') {
        next();
        nodes.push({ type: 'text', pos: token.pos, text: token.value });
        continue;
      }
      next(); // leftDelim
      skipSpace();
      const first = peek();
      if (first.kind === 'comment') {
        next();
        expect('rightDelim', 'comment');
        continue;
      }
      if (first.kind === 'keyword' && (first.value === 'end' || first.value === 'else')) {
        if (!inBlock) fail(first.pos, `unexpected {{${first.value}}}`);
        next();
        nodes.end = { keyword: first.value, pos: first.pos };
        return nodes;
      }
      const node = parseAction();
      if (node) nodes.push(node);
    }
  }

  /** One action after its left delimiter; define adds a template and answers nothing. */
  function parseAction(): Node | undefined {
    const token = peek();
    if (token.kind === 'keyword') {
      next();
      switch (token.value) {
        case 'if':
        case 'with':
          return parseControl(token.value, token.pos);
        case 'range':
          return parseControl('range', token.pos);
        case 'template':
          return parseTemplateCall(token.pos);
        case 'block':
          return parseBlock(token.pos);
        case 'define':
          parseDefine(token.pos);
          return undefined;
        case 'break':
        case 'continue':
          if (rangeDepth === 0) fail(token.pos, `{{${token.value}}} outside {{range}}`);
          expect('rightDelim', token.value);
          return { type: token.value, pos: token.pos };
        default:
          fail(token.pos, `unexpected keyword ${token.value}`);
      }
    }
    const pipe = parsePipeline('command', 'rightDelim');
    return { type: 'action', pos: token.pos, pipe };
  }

  function parseControl(type: 'if' | 'with' | 'range', pos: number): Node {
    enter(pos);
    const node = parseControlBody(type, pos);
    nesting--;
    return node;
  }

  function parseControlBody(type: 'if' | 'with' | 'range', pos: number): Node {
    const pipe = parsePipeline(type, 'rightDelim');
    if (type === 'range') rangeDepth++;
    const list = parseList(true);
    if (type === 'range') rangeDepth--;
    let elseList: Node[] | undefined;
    if (list.end?.keyword === 'else') {
      skipSpace();
      const chained = peek();
      // {{else if …}} and {{else with …}} open a nested branch that shares the {{end}}.
      if (chained.kind === 'keyword' && (chained.value === 'if' || chained.value === 'with') && type !== 'range') {
        next();
        elseList = [parseControl(chained.value as 'if' | 'with', chained.pos)];
      } else {
        expect('rightDelim', 'else');
        const rest = parseList(true);
        if (rest.end?.keyword !== 'end') fail(rest.end?.pos ?? pos, `expected end; found {{else}}`);
        expect('rightDelim', 'end');
        elseList = [...rest];
      }
    } else {
      expect('rightDelim', 'end');
    }
    const branches = { pos, pipe, list: [...list], ...(elseList ? { elseList } : {}) };
    return type === 'range' ? { type, ...branches } : { type, ...branches };
  }

  function parseTemplateName(context: string): string {
    const token = nonSpace();
    if (token.kind !== 'string' && token.kind !== 'rawString') fail(token.pos, `unexpected ${describe(token)} in ${context}`);
    return unquote(token);
  }

  function parseTemplateCall(pos: number): Node {
    const templateName = parseTemplateName('template clause');
    skipSpace();
    if (peek().kind === 'rightDelim') {
      next();
      return { type: 'template', pos, name: templateName };
    }
    return { type: 'template', pos, name: templateName, pipe: parsePipeline('template clause', 'rightDelim') };
  }

  function parseDefinitionBody(templateName: string, pos: number): void {
    const body = parseList(true);
    if (body.end?.keyword !== 'end') fail(body.end?.pos ?? pos, 'unexpected {{else}} in define');
    expect('rightDelim', 'end');
    templates.set(templateName, [...body]);
  }

  function parseDefine(pos: number): void {
    const templateName = parseTemplateName('define clause');
    expect('rightDelim', 'define clause');
    parseDefinitionBody(templateName, pos);
  }

  function parseBlock(pos: number): Node {
    const templateName = parseTemplateName('block clause');
    const pipe = parsePipeline('block clause', 'rightDelim');
    parseDefinitionBody(templateName, pos);
    return { type: 'template', pos, name: templateName, pipe };
  }

  function parsePipeline(context: string, end: 'rightDelim' | 'rightParen'): Pipe {
    skipSpace();
    const pos = peek().pos;
    const decl: string[] = [];
    let assign = false;
    // $x := …, $x = …, or in range $i, $e := …
    if (peek().kind === 'variable') {
      const save = index;
      const variable = next();
      skipSpace();
      const after = peek();
      if (after.kind === 'declare' || after.kind === 'assign') {
        next();
        decl.push(variable.value);
        assign = after.kind === 'assign';
      } else if (after.kind === 'comma' && context === 'range') {
        next();
        const second = expect('variable', 'range');
        const op = nonSpace();
        if (op.kind !== 'declare' && op.kind !== 'assign') fail(op.pos, `expected := or = in range`);
        decl.push(variable.value, second.value);
        assign = op.kind === 'assign';
      } else {
        index = save;
      }
    }
    const cmds: Command[] = [];
    for (;;) {
      skipSpace();
      const token = peek();
      if (token.kind === end) {
        next();
        if (cmds.length === 0) fail(token.pos, `missing value for ${context}`);
        return { pos, decl, assign, cmds };
      }
      if (token.kind === 'eof') fail(token.pos, `unclosed action`);
      cmds.push(parseCommand(end));
      skipSpace();
      if (peek().kind === 'pipe') {
        next();
        skipSpace();
        if (peek().kind === end) fail(peek().pos, 'missing command after |');
      }
    }
  }

  function parseCommand(end: 'rightDelim' | 'rightParen'): Command {
    const pos = peek().pos;
    const args: Arg[] = [];
    for (;;) {
      const token = peek();
      if (token.kind === 'space') {
        skipSpace();
        continue;
      }
      if (token.kind === end || token.kind === 'pipe') break;
      if (token.kind === 'rightDelim' || token.kind === 'rightParen') fail(token.pos, `unexpected ${describe(token)} in operand`);
      args.push(parseOperand());
      const after = peek();
      if (after.kind !== 'space' && after.kind !== end && after.kind !== 'pipe') fail(after.pos, `unexpected ${describe(after)} in operand`);
    }
    if (args.length === 0) fail(pos, 'empty command');
    return { pos, text: source.slice(pos, peek().pos).trimEnd(), args };
  }

  function parseOperand(): Arg {
    const term = parseTerm();
    const path: string[] = [];
    while (peek().kind === 'field') path.push(next().value.slice(1));
    if (path.length === 0) return term;
    if (term.type === 'field') return { ...term, path: [...term.path, ...path] };
    if (term.type === 'variable') return { ...term, path: [...term.path, ...path] };
    if (term.type === 'bool' || term.type === 'string' || term.type === 'number' || term.type === 'nil' || term.type === 'dot') {
      fail(term.pos, `unexpected . after term ${JSON.stringify(source.slice(term.pos, term.pos + 10))}`);
    }
    return { type: 'chain', pos: term.pos, node: term, path };
  }

  function parseTerm(): Arg {
    const token = next();
    switch (token.kind) {
      case 'dot':
        return { type: 'dot', pos: token.pos };
      case 'field':
        return { type: 'field', pos: token.pos, path: [token.value.slice(1)] };
      case 'variable':
        return { type: 'variable', pos: token.pos, name: token.value, path: [] };
      case 'identifier':
        if (!isFunction(token.value)) fail(token.pos, `function "${token.value}" not defined`);
        return { type: 'identifier', pos: token.pos, name: token.value };
      case 'string':
      case 'rawString':
        return { type: 'string', pos: token.pos, value: unquote(token) };
      case 'char':
        return { type: 'number', pos: token.pos, value: unquote(token).codePointAt(0) ?? 0, text: token.value };
      case 'number':
        return { type: 'number', pos: token.pos, value: parseNumber(token), text: token.value };
      case 'bool':
        return { type: 'bool', pos: token.pos, value: token.value === 'true' };
      case 'nil':
        return { type: 'nil', pos: token.pos };
      case 'leftParen': {
        enter(token.pos);
        const pipe = parsePipeline('parenthesized pipeline', 'rightParen');
        nesting--;
        return { type: 'pipe', pos: token.pos, pipe };
      }
      default:
        return fail(token.pos, `unexpected ${describe(token)} in operand`);
    }
  }

  function parseNumber(token: Token): number {
    try {
      return goNumber(token.value);
    } catch (error) {
      return fail(token.pos, (error as Error).message);
    }
  }

  function unquote(token: Token): string {
    if (token.kind === 'rawString') return token.value.slice(1, -1);
    try {
      return decodeEscapes(token.value.slice(1, -1));
    } catch (error) {
      return fail(token.pos, (error as Error).message);
    }
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'EOF';
    case 'rightDelim':
      return `"${token.value}"`;
    case 'rightParen':
      return '")"';
    case 'leftParen':
      return '"("';
    case 'pipe':
      return '"|"';
    default:
      return `<${token.value}>`;
  }
}
