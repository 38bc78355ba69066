import { LineCounter } from 'yaml';
import { lineAtPath, lineTreeOf, type LineTree } from './line-tree.js';
import { ALIAS_EXPANSION_ALLOWANCE, boundedDocuments, expandedWeight, MAX_ALIAS_EXPANSIONS, YamlLimitError } from './yaml-bounds.js';

/** One document of an applied file (YAML 1.2; JSON is YAML too). */
export interface SourceDocument {
  /** Position in the file, from 0 (each item of a list counts as one). */
  index: number;
  /** Line the document starts on, from 1. */
  line: number;
  value: unknown;
  /** The line (from 1) of the value at `path`, or of its nearest ancestor that exists. */
  lineOf(path: readonly (string | number)[]): number;
}

/** A SourceDocument as plain data (what a worker thread can send): its lines as a tree instead of a function. */
export interface PlainDocument {
  index: number;
  line: number;
  value: unknown;
  /** Lines of the value's fields, below `prefix` of the file's document (a list item's place in it). */
  lines: LineTree;
  prefix: (string | number)[];
}

/** What is wrong with one document: where (index, line, field path) and why. */
export interface DocumentProblem {
  index: number;
  line: number;
  /** JSON-pointer-like path of the field, '' for the document itself. */
  path: string;
  reason: string;
}

export type ParsedDocuments = { documents: SourceDocument[] } | { problems: DocumentProblem[] };
export type PlainDocuments = { documents: PlainDocument[] } | { problems: DocumentProblem[] };

export function sourceDocument({ index, line, value, lines, prefix }: PlainDocument): SourceDocument {
  return { index, line, value, lineOf: (path) => lineAtPath(lines, [...prefix, ...path]) };
}

/**
 * Splits a file into its documents, within the limits of yaml-bounds (nesting, aliases and what
 * they expand to). Syntax errors are reported per document with their line, and empty documents
 * (a trailing `---`) are left out.
 */
export function parsePlainDocuments(text: string): PlainDocuments {
  const lines = new LineCounter();
  // An error at the end of the input (an unclosed quote) belongs to the last line that has text.
  const end = text.trimEnd().length;
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : lines.linePos(Math.min(offset, end)).line);
  let parsed;
  try {
    parsed = boundedDocuments(text, lines);
  } catch (error) {
    if (!(error instanceof YamlLimitError)) throw error;
    return { problems: [{ index: 0, line: lineAt(error.offset), path: '', reason: error.message }] };
  }
  const problems: DocumentProblem[] = [];
  const documents: PlainDocument[] = [];
  // Aliases may add this much to the file once expanded; more is refused as an expansion attack.
  const weightLimit = 2 * text.length + ALIAS_EXPANSION_ALLOWANCE;
  parsed.forEach((document, index) => {
    for (const error of document.errors) {
      problems.push({ index, line: lineAt(error.pos[0]), path: '', reason: error.message.split('\n')[0] ?? error.message });
    }
    if (document.errors.length > 0) return;
    let value: unknown;
    try {
      value = document.toJS({ maxAliasCount: MAX_ALIAS_EXPANSIONS });
    } catch (error) {
      if (!(error instanceof ReferenceError)) throw error;
      problems.push({ index, line: lineAt(document.range[0]), path: '', reason: aliasReason(error) });
      return;
    }
    if (value === null || value === undefined) return;
    if (expandedWeight(value, weightLimit) > weightLimit) {
      problems.push({ index, line: lineAt(document.range[0]), path: '', reason: 'its aliases expand to far more than the file itself: write the values out instead' });
      return;
    }
    const tree = lineTreeOf(document, lineAt);
    for (const [prefix, item] of listItems(value)) {
      documents.push({ index: documents.length, line: lineAtPath(tree, prefix), value: item, lines: tree, prefix });
    }
  });
  return problems.length > 0 ? { problems } : { documents };
}

function aliasReason(error: ReferenceError): string {
  if (!error.message.startsWith('Excessive alias count')) return error.message;
  return `its aliases expand too much (an anchor reached more than ${MAX_ALIAS_EXPANSIONS} times through aliases): write the values out instead`;
}

/** parsePlainDocuments, with each document's lines as a function. */
export function parseDocuments(text: string): ParsedDocuments {
  const parsed = parsePlainDocuments(text);
  return 'problems' in parsed ? parsed : { documents: parsed.documents.map(sourceDocument) };
}

/** A document that is a list of resources (a JSON array, or `kind: List` with items) stands for each of them. */
function listItems(value: unknown): [(string | number)[], unknown][] {
  if (Array.isArray(value)) return value.map((item, index) => [[index], item]);
  const record = value as Record<string, unknown>;
  if (typeof value === 'object' && record['kind'] === 'List' && Array.isArray(record['items'])) {
    return record['items'].map((item: unknown, index) => [['items', index], item]);
  }
  return [[[], value]];
}
