import { Composer, CST, Lexer, Parser, type Document, type LineCounter } from 'yaml';
import { MAX_JSON_DEPTH } from '../http/json-body.js';

/** Collections inside one another, as for every JSON body of Pharos. */
export const MAX_YAML_DEPTH = MAX_JSON_DEPTH;
/** Aliases (`*name`) in one file: the parser looks each one up among the anchors before it, so many would cost their square. */
export const MAX_YAML_ALIASES = 1_000;
/** How often one anchor may be reached through aliases, counting those inside it (the parser's own guard against "billion laughs"). */
export const MAX_ALIAS_EXPANSIONS = 100;
/** What aliases may add to a file once expanded, besides its own size (in characters and values, see expandedWeight). */
export const ALIAS_EXPANSION_ALLOWANCE = 1_000_000;

/** Input refused before (or while) it is parsed, with the offset where the limit was passed. */
export class YamlLimitError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * The documents of `text`, parsed by the yaml package's own lexer, parser and composer, with the
 * nesting and alias counts checked on each token as it comes: input nested too deep is refused
 * after at most MAX_YAML_DEPTH levels of it, before the composer (which recurses) sees it.
 */
export function boundedDocuments(text: string, lineCounter: LineCounter): Document.Parsed[] {
  const parser = new Parser(lineCounter.addNewLine);
  // Parser.parse would count the first line itself; driving the parser token by token, we do.
  lineCounter.addNewLine(0);
  let aliases = 0;
  // The lexer marks the text of a scalar with a token of its own before it: that text is no alias.
  let scalarText = false;
  function* tokens() {
    for (const lexeme of new Lexer().lex(text)) {
      if (!scalarText && CST.tokenType(lexeme) === 'alias' && ++aliases > MAX_YAML_ALIASES) {
        throw new YamlLimitError(`the input has more than ${MAX_YAML_ALIASES} aliases (*name)`, parser.offset);
      }
      scalarText = lexeme === CST.SCALAR;
      yield* parser.next(lexeme);
      // The parser's stack holds the document and each collection open around the current token.
      if (parser.stack.length - 1 > MAX_YAML_DEPTH) {
        throw new YamlLimitError(`the input is nested deeper than ${MAX_YAML_DEPTH} levels`, parser.offset);
      }
    }
    yield* parser.end();
  }
  const composer = new Composer({ version: '1.2', uniqueKeys: true, prettyErrors: false });
  return Array.from(composer.compose(tokens()));
}

/**
 * The size of `value` with every alias expanded: one per value plus the length of each string.
 * Stops counting once past `limit`, so a value that expands to billions costs no more than that.
 */
export function expandedWeight(value: unknown, limit: number): number {
  let weight = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && weight <= limit) {
    const next = pending.pop();
    weight += 1;
    if (typeof next === 'string') weight += next.length;
    else if (Array.isArray(next)) {
      for (const item of next as unknown[]) pending.push(item);
    }
    else if (typeof next === 'object' && next !== null) {
      for (const [key, item] of Object.entries(next)) {
        weight += key.length;
        pending.push(item);
      }
    }
  }
  return weight;
}
