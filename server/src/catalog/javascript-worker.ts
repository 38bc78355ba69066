/**
 * The worker thread transform scripts run in (see javascript.ts): QuickJS compiled to WebAssembly, one
 * runtime per script with a memory limit and a deadline, so that a script neither sees the server nor
 * holds its event loop.
 */
import { parentPort } from 'node:worker_threads';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline, type QuickJSSyncVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';

export interface ScriptRequest {
  id: number;
  script: string;
  /** The document as JSON. */
  config: string;
  timeoutMs: number;
  memoryBytes: number;
}

export type ScriptAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

// The package's types describe its CommonJS build; imported as ESM, the default export is the variant itself.
const variant = ('default' in releaseSync ? releaseSync.default : releaseSync) as QuickJSSyncVariant;
let engine: Promise<QuickJSWASMModule> | undefined;

async function run(request: ScriptRequest): Promise<unknown> {
  const quickjs = await (engine ??= newQuickJSWASMModuleFromVariant(variant));
  const runtime = quickjs.newRuntime();
  try {
    runtime.setMemoryLimit(request.memoryBytes);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + request.timeoutMs));
    const context = runtime.newContext();
    try {
      const input = context.newString(request.config);
      context.setProp(context.global, '__config', input);
      input.dispose();
      const result = context.evalCode(`var config = JSON.parse(__config);\n${request.script}`, 'transform.js');
      if (result.error) {
        const error = context.dump(result.error) as { name?: string; message?: string } | string;
        result.error.dispose();
        const message = typeof error === 'string' ? error : `${error.name ?? 'Error'}: ${error.message ?? ''}`;
        throw new Error(message === 'InternalError: interrupted' ? `the script ran longer than ${request.timeoutMs} ms` : message);
      }
      const value = context.dump(result.value) as unknown;
      result.value.dispose();
      return value;
    } finally {
      context.dispose();
    }
  } finally {
    runtime.dispose();
  }
}

parentPort?.on('message', (request: ScriptRequest) => {
  run(request).then(
    (value) => parentPort!.postMessage({ id: request.id, ok: true, value } satisfies ScriptAnswer),
    (error: unknown) => parentPort!.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies ScriptAnswer),
  );
});
