import { DEFAULT_LIMITS, execute, type ExecLimits, type TemplateFunction } from './exec.js';
import { GO_BUILTINS } from './builtins.js';
import { DEFAULT_DELIMITERS, type Delimiters } from './lex.js';
import { parse, type ParsedTemplate } from './parse.js';
import { TEMPLATE_FUNCTIONS } from './functions.js';
import { GOMPLATE_FUNCTIONS } from './gomplate/index.js';
import { VARIABLE_FUNCTIONS } from '../cel/variable-functions.js';

export { TemplateError } from './errors.js';
export { goDuration, parseGoDuration } from './time.js';
export type { Delimiters } from './lex.js';
export type { ExecLimits, TemplateFunction } from './exec.js';

export interface TemplateOptions {
  /** Names the template in errors (default `template`). */
  name?: string;
  /** Delimiters when the text does not set its own with a `# gotemplate:` first line. */
  delimiters?: Delimiters;
  /** Functions besides Go's and the sprig/gomplate ones. */
  funcs?: Readonly<Record<string, TemplateFunction>>;
  limits?: Partial<ExecLimits>;
}

/** The `$(…)` form of templates some spec fields take. */
export const DOLLAR_DELIMITERS: Delimiters = { left: '$(', right: ')' };

const HEADER = /^#\s*gotemplate:([^\n]*)(\n|$)/;

/** A first line `# gotemplate: left-delim=[[ right-delim=]]` sets the delimiters of the rest. */
export function readHeader(text: string): { body: string; delimiters?: Delimiters } {
  const match = HEADER.exec(text);
  if (!match) return { body: text };
  const settings = new Map<string, string>();
  for (const pair of match[1]!.trim().split(/\s+/)) {
    const [key, ...value] = pair.split('=');
    if (key) settings.set(key, value.join('='));
  }
  const left = settings.get('left-delim') ?? DEFAULT_DELIMITERS.left;
  const right = settings.get('right-delim') ?? DEFAULT_DELIMITERS.right;
  // The header line stays as a blank line so that line numbers in errors match the text.
  return { body: `\n${text.slice(match[0].length)}`, delimiters: { left, right } };
}

const functionCache = new WeakMap<Readonly<Record<string, TemplateFunction>>, ReadonlyMap<string, TemplateFunction>>();
const STANDARD_FUNCTIONS: ReadonlyMap<string, TemplateFunction> = new Map(Object.entries({ ...GOMPLATE_FUNCTIONS, ...TEMPLATE_FUNCTIONS, ...GO_BUILTINS }));

function functionsWith(extra?: Readonly<Record<string, TemplateFunction>>): ReadonlyMap<string, TemplateFunction> {
  if (!extra) return STANDARD_FUNCTIONS;
  let map = functionCache.get(extra);
  if (!map) {
    map = new Map([...STANDARD_FUNCTIONS, ...Object.entries(extra)]);
    functionCache.set(extra, map);
  }
  return map;
}

const parsedCache = new Map<string, ParsedTemplate>();
const PARSED_CACHE_SIZE = 500;

/** Parses once per text, name, delimiters and functions (the last 500 kept). */
export function compileTemplate(text: string, options: Omit<TemplateOptions, 'limits'> = {}): ParsedTemplate {
  const name = options.name ?? 'template';
  const header = readHeader(text);
  const delimiters = header.delimiters ?? options.delimiters ?? DEFAULT_DELIMITERS;
  const functions = functionsWith(options.funcs);
  const extra = options.funcs ? Object.keys(options.funcs).sort().join(',') : '';
  const key = `${name}\u0000${delimiters.left}\u0000${delimiters.right}\u0000${extra}\u0000${text}`;
  let parsed = parsedCache.get(key);
  if (!parsed) {
    parsed = parse(name, header.body, delimiters, (fn) => functions.has(fn));
    if (parsedCache.size >= PARSED_CACHE_SIZE) parsedCache.delete(parsedCache.keys().next().value!);
    parsedCache.set(key, parsed);
  }
  return parsed;
}

/**
 * Renders a template written in Go's text/template syntax with the sprig and gomplate functions
 * specs use. Throws TemplateError with the line and column of what went wrong.
 */
export function renderTemplate(text: string, data: unknown, options: TemplateOptions = {}): string {
  const funcs = withVariableFunctions(data, options.funcs);
  const parsed = compileTemplate(text, { ...options, ...(funcs ? { funcs } : {}) });
  return execute(parsed, data, functionsWith(funcs), { ...DEFAULT_LIMITS, ...options.limits });
}

/**
 * `last_result` as canary-checker's templates call it (`{{ last_result.results.max }}`): a function of
 * no arguments answering the data's variable of that name, where the data has one.
 */
function withVariableFunctions(data: unknown, funcs: TemplateOptions['funcs']): TemplateOptions['funcs'] {
  if (data === null || typeof data !== 'object') return funcs;
  const given = Object.keys(VARIABLE_FUNCTIONS).filter((name) => Object.hasOwn(data, name) && !(funcs && Object.hasOwn(funcs, name)));
  if (given.length === 0) return funcs;
  return { ...funcs, ...Object.fromEntries(given.map((name) => [name, () => (data as Record<string, unknown>)[name]])) };
}
