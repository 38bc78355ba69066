import type { ChildMessage } from '../workers/pool-child.js';
import { parsePlainDocuments } from './documents.js';
import type { ParseAnswer, ParseRequest } from './parse-protocol.js';

/**
 * Parses applied files in a process of its own: however long a large or hostile body takes to read,
 * or however much memory it needs, the server keeps answering and can end this process.
 */
process.on('message', (request: ParseRequest) => {
  let answer: ParseAnswer;
  try {
    answer = { id: request.id, ok: true, value: parsePlainDocuments(request.text) };
  } catch (error) {
    answer = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(answer);
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true } satisfies ChildMessage<string>);
