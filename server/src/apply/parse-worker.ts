import { parentPort } from 'node:worker_threads';
import { parsePlainDocuments } from './documents.js';
import type { ParseAnswer, ParseRequest } from './parse-protocol.js';

/**
 * Parses applied files away from the server's event loop: however long a large or hostile body
 * takes to read, the main thread keeps answering, and can end this worker when it takes too long.
 */
parentPort?.on('message', (request: ParseRequest) => {
  let answer: ParseAnswer;
  try {
    answer = { id: request.id, ok: true, value: parsePlainDocuments(request.text) };
  } catch (error) {
    answer = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
