import { LineCounter, parseAllDocuments, type Document } from 'yaml';

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

/** What is wrong with one document: where (index, line, field path) and why. */
export interface DocumentProblem {
  index: number;
  line: number;
  /** JSON-pointer-like path of the field, '' for the document itself. */
  path: string;
  reason: string;
}

export type ParsedDocuments = { documents: SourceDocument[] } | { problems: DocumentProblem[] };

function nodeStart(document: Document, path: readonly (string | number)[]): number | undefined {
  for (let depth = path.length; depth >= 0; depth -= 1) {
    const node = document.getIn(path.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return node.range[0];
  }
  return document.contents?.range?.[0];
}

/**
 * Splits a file into its documents. Syntax errors are reported per document with their line, and
 * empty documents (a trailing `---`) are left out.
 */
export function parseDocuments(text: string): ParsedDocuments {
  const lines = new LineCounter();
  const parsed = parseAllDocuments(text, { lineCounter: lines, version: '1.2', prettyErrors: false, uniqueKeys: true });
  const all = Array.isArray(parsed) ? parsed : [];
  const problems: DocumentProblem[] = [];
  const documents: SourceDocument[] = [];
  // An error at the end of the input (an unclosed quote) belongs to the last line that has text.
  const end = text.trimEnd().length;
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : lines.linePos(Math.min(offset, end)).line);
  all.forEach((document, index) => {
    for (const error of document.errors) {
      problems.push({ index, line: lineAt(error.pos[0]), path: '', reason: error.message.split('\n')[0] ?? error.message });
    }
    if (document.errors.length > 0) return;
    const value: unknown = document.toJS({ maxAliasCount: 100 });
    if (value === null || value === undefined) return;
    const lineOf = (path: readonly (string | number)[]) => lineAt(nodeStart(document, path));
    for (const [prefix, item] of listItems(value)) {
      documents.push({ index: documents.length, line: lineOf(prefix), value: item, lineOf: (path) => lineOf([...prefix, ...path]) });
    }
  });
  return problems.length > 0 ? { problems } : { documents };
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
