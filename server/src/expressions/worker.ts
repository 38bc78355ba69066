import { parentPort } from 'node:worker_threads';
import { describeExpressionError, evaluateCelAsync, renderTemplate, setJqRunner } from '@pharos/core';
import { raw as jqRaw } from 'jq-wasm';
import type { SandboxAnswer, SandboxRequest } from './protocol.js';

/**
 * Evaluates CEL and renders templates away from the server's event loop, so that the main thread
 * can stop an expression that runs too long by ending this worker. It has no database, no
 * sockets and no environment of the server's.
 */
setJqRunner((input, filter) => jqRaw(input, filter, ['-c']));

async function answer(request: SandboxRequest): Promise<SandboxAnswer> {
  try {
    const value = request.kind === 'cel' ? await evaluateCelAsync(request.expression, request.variables) : renderTemplate(request.text, request.data, { name: request.name ?? 'template' });
    return { id: request.id, ok: true, value };
  } catch (error) {
    return { id: request.id, ok: false, error: describeExpressionError(error) };
  }
}

parentPort?.on('message', (request: SandboxRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
