/**
 * The process expressions run in (CEL, templates, jq, JSONPath, Javascript), forked by the sandbox
 * with its own heap limit and no environment, files or database of the server's. It answers one
 * request at a time; the server kills it when a request runs too long.
 */
import { serialize } from 'node:v8';
import { celDuration, describeExpressionError, DOLLAR_DELIMITERS, evaluateCelAsync, isRecord, renderTemplate, setJqRunner, type TemplateFunction } from '@pharos/core';
import { raw as jqRaw } from 'jq-wasm';
import type { ChildMessage } from '../workers/pool-child.js';
import { runQuickJs } from './javascript.js';
import { selectJsonPath } from './jsonpath.js';
import type { SandboxFailure, SandboxRequest } from './protocol.js';

const ENGINE_LIMITS = /Invalid string length|Invalid array length|Maximum call stack size exceeded|Array buffer allocation failed|out of memory/i;

/** Largest answer sent back: a bigger value is a mistake, or an attempt to fill the server's memory. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

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

/** A function per top-level variable giving its value, as gomplate's struct templater adds them. */
function valueFunctions(data: unknown): Record<string, TemplateFunction> {
  return isRecord(data) ? Object.fromEntries(Object.entries(data).map(([key, value]) => [key, () => value])) : {};
}

async function evaluate(request: SandboxRequest): Promise<unknown> {
  switch (request.kind) {
    case 'cel':
      return evaluateCelAsync(request.expression, withDurations(request.variables, request.durations));
    case 'template':
      return renderTemplate(request.text, request.data, { name: request.name ?? 'template', ...(request.dollar ? { delimiters: DOLLAR_DELIMITERS, funcs: valueFunctions(request.data) } : {}) });
    case 'jq':
      return runJq(request.filter, request.input);
    case 'jsonpath':
      return selectJsonPath(request.path, request.json);
    case 'javascript':
      return runQuickJs(request.script, request.config, request.timeoutMs, request.memoryBytes);
  }
}

async function answer(request: SandboxRequest & { id: number }): Promise<ChildMessage<SandboxFailure>> {
  try {
    const value = await evaluate(request);
    const size = serialize(value).byteLength;
    if (size > MAX_ANSWER_BYTES) throw new Error(`out of memory: the result is ${Math.round(size / 1_048_576)} MB, more than the ${MAX_ANSWER_BYTES / 1_048_576} MB allowed`);
    return { id: request.id, ok: true, value };
  } catch (error) {
    const described = describeExpressionError(error);
    // V8's own ceilings on one value are limits too, not mistakes of the expression's logic (a script's own words are kept).
    if (!ENGINE_LIMITS.test(described.message)) return { id: request.id, ok: false, error: described };
    const message = request.kind === 'javascript' ? described.message : `the expression stopped: ${described.message}`;
    return { id: request.id, ok: false, error: { ...described, message, limit: true } };
  }
}

process.on('message', (request: SandboxRequest & { id: number }) => {
  void answer(request).then((reply) => process.send?.(reply));
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true } satisfies ChildMessage<SandboxFailure>);
