import type { FastifyInstance } from 'fastify';

/** Deeper than anything a person writes, far shallower than what overflows the stack of code that walks the value. */
export const MAX_JSON_DEPTH = 64;

/** A request body refused before parsing; Fastify answers its statusCode. */
export class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_CTP_INVALID_JSON_BODY';

  constructor(readonly maxDepth: number) {
    super(`The JSON body is nested deeper than ${maxDepth} levels`);
  }
}

/**
 * Throws JsonTooDeepError when arrays and objects in `text` nest deeper than `maxDepth`. A linear
 * scan, so it costs nothing like the recursion (parsing, validation, JSON.stringify into a query
 * parameter) it protects.
 */
export function checkJsonDepth(text: string, maxDepth = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > maxDepth) throw new JsonTooDeepError(maxDepth);
    } else if (ch === 0x5d || ch === 0x7d) {
      depth--;
    }
  }
}

/** JSON.parse behind checkJsonDepth: for JSON a client sends inside another body, a header or a token. */
export function parseJsonWithin(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  checkJsonDepth(text, maxDepth);
  return JSON.parse(text) as unknown;
}

/**
 * Replaces the application/json parser of `app` (and the plugins registered after) with Fastify's
 * own, behind the depth check; its protection against prototype poisoning stays.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    try {
      checkJsonDepth(text);
    } catch (error) {
      done(error as JsonTooDeepError, undefined);
      return;
    }
    parse(request, text, done);
  });
}
