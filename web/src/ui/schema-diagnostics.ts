/**
 * Parse and JSON-Schema problems of a YAML or JSON document, each at its place in the text (offsets
 * and a 1-based line), for the code editor's lint markers and for forms that validate a spec.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';

export type EditorLanguage = 'yaml' | 'json';

export interface EditorProblem {
  /** Offset of the start of the problem in the text. */
  from: number;
  /** Offset of its end (≥ from). */
  to: number;
  /** 1-based line of `from`. */
  line: number;
  message: string;
  severity: 'error' | 'warning';
}

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const compiled = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The 1-based line of an offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function problem(text: string, from: number, to: number, message: string, severity: EditorProblem['severity']): EditorProblem {
  const start = Math.max(0, Math.min(from, text.length));
  const end = Math.max(start, Math.min(to, text.length));
  return { from: start, to: end, line: lineOf(text, start), message, severity };
}

/** End of the line that contains `offset`. */
function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end;
}

/** `/spec/http/0/url` → ['spec', 'http', '0', 'url'] (JSON Pointer unescaped). */
function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `/spec/http/0/url` → `spec.http[0].url`. */
function readablePath(segments: readonly string[]): string {
  return segments.reduce((path, seg) => (/^\d+$/.test(seg) ? `${path}[${seg}]` : path ? `${path}.${seg}` : seg), '');
}

function keyText(key: unknown): string | null {
  if (isScalar(key)) return String(key.value);
  return typeof key === 'string' || typeof key === 'number' ? String(key) : null;
}

type Span = [number, number];

/**
 * The text span of the value at `segments` in a parsed document. For a block (mapping or list)
 * reached through a key, the key is marked rather than the whole block; a missing step stops at
 * the deepest node found.
 */
function locate(doc: Document, segments: readonly string[]): Span | null {
  let node: Node | null = doc.contents as Node | null;
  let key: Node | null = null;
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === seg);
      if (!pair) break;
      key = isScalar(pair.key) ? pair.key : null;
      node = (pair.value as Node | null) ?? null;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (!item) break;
      key = null;
      node = item as Node;
    } else {
      break;
    }
  }
  const isBlock = isMap(node) || isSeq(node);
  const target = (isBlock || !node?.range) && key?.range ? key : node;
  const range = target?.range;
  return range ? [range[0], range[1]] : null;
}

function describe(error: ErrorObject): { message: string; extraKey: string | null } {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      return { message: `must NOT have additional property '${extra}'`, extraKey: extra };
    }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map((v) => JSON.stringify(v)).join(', ') : '';
      return { message: allowed ? `must be one of ${allowed}` : (error.message ?? 'is invalid'), extraKey: null };
    }
    default:
      return { message: error.message ?? 'is invalid', extraKey: null };
  }
}

function schemaProblems(text: string, doc: Document | null, value: unknown, schema: object): EditorProblem[] {
  let validate: ValidateFunction;
  try {
    validate = validatorFor(schema);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [problem(text, 0, lineEnd(text, 0), `The schema cannot be used: ${message}`, 'warning')];
  }
  if (validate(value)) return [];
  const seen = new Set<string>();
  const problems: EditorProblem[] = [];
  for (const error of validate.errors ?? []) {
    const segments = pointerSegments(error.instancePath);
    const { message, extraKey } = describe(error);
    const path = readablePath(segments);
    const span = doc ? locate(doc, extraKey === null ? segments : [...segments, extraKey]) : null;
    const [from, to] = span ?? [0, lineEnd(text, 0)];
    const described = path ? `${path}: ${message}` : message;
    const id = `${from}:${to}:${described}`;
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push(problem(text, from, to, described, 'error'));
  }
  return problems.sort((a, b) => a.from - b.from);
}

/** Offset of a JSON.parse failure, from V8's 'at position N' or '(line L column C)'. */
function jsonErrorOffset(text: string, message: string): number {
  const position = /at position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) {
    const lines = text.split('\n');
    const line = Number(lineColumn[1]);
    const before = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    return before + Number(lineColumn[2]) - 1;
  }
  return /end of (JSON|data) input/i.test(message) ? text.length : 0;
}

/**
 * The problems of a document: syntax errors (then nothing else), otherwise the places where it
 * breaks the schema. Empty text has none. Problems are ordered by position.
 */
export function validateText(text: string, language: EditorLanguage, schema?: object | null): EditorProblem[] {
  if (text.trim() === '') return [];

  if (language === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const at = jsonErrorOffset(text, message);
      return [problem(text, at, Math.min(at + 1, text.length), message, 'error')];
    }
    if (!schema) return [];
    // JSON is YAML: the YAML parser gives the positions JSON.parse does not.
    const doc = parseDocument(text);
    return schemaProblems(text, doc.errors.length ? null : doc, value, schema);
  }

  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const syntax = [
    ...doc.errors.map((e) => problem(text, e.pos[0], e.pos[1], e.message, 'error')),
    ...doc.warnings.map((w) => problem(text, w.pos[0], w.pos[1], w.message, 'warning')),
  ];
  if (doc.errors.length > 0) return syntax.sort((a, b) => a.from - b.from);
  if (!schema) return syntax;
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [...syntax, problem(text, 0, lineEnd(text, 0), message, 'error')];
  }
  return [...syntax, ...schemaProblems(text, doc, value, schema)].sort((a, b) => a.from - b.from);
}

/** True when no problem is an error (warnings allowed). */
export function isValidDocument(problems: readonly EditorProblem[]): boolean {
  return problems.every((p) => p.severity !== 'error');
}
