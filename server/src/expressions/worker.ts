import { parentPort } from 'node:worker_threads';
import { celDuration, describeExpressionError, evaluateCelAsync, renderTemplate, setJqRunner } from '@pharos/core';
import { raw as jqRaw } from 'jq-wasm';
import type { SandboxAnswer, SandboxRequest } from './protocol.js';

/**
 * Evaluates CEL and renders templates away from the server's event loop, so that the main thread
 * can stop an expression that runs too long by ending this worker. It has no database, no
 * sockets and no environment of the server's.
 */
setJqRunner((input, filter) => jqRaw(input, filter, ['-c']));

/** A jq program over a JSON value: its one output, parsed. */
async function runJq(filter: string, input: unknown): Promise<unknown> {
  const outputs = (await jqRaw(JSON.stringify(input), filter, ['-c'])).split('\n').filter((line) => line.trim() !== '');
  if (outputs.length !== 1) throw new Error(`jq gave ${outputs.length} outputs, expected one`);
  return JSON.parse(outputs[0]!) as unknown;
}

/** The variables with each named duration (milliseconds) as a CEL duration. */
function withDurations(variables: Record<string, unknown>, durations: readonly string[] = []): Record<string, unknown> {
  const converted = { ...variables };
  for (const name of durations) {
    const milliseconds = converted[name];
    if (typeof milliseconds === 'number' && Number.isFinite(milliseconds)) converted[name] = celDuration(milliseconds);
  }
  return converted;
}

async function answer(request: SandboxRequest): Promise<SandboxAnswer> {
  try {
    const value =
      request.kind === 'cel'
        ? await evaluateCelAsync(request.expression, withDurations(request.variables, request.durations))
        : request.kind === 'jq'
          ? await runJq(request.filter, request.input)
          : renderTemplate(request.text, request.data, { name: request.name ?? 'template' });
    return { id: request.id, ok: true, value };
  } catch (error) {
    return { id: request.id, ok: false, error: describeExpressionError(error) };
  }
}

parentPort?.on('message', (request: SandboxRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
