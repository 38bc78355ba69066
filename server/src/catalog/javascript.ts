import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline, type QuickJSSyncVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';

// The package's types describe its CommonJS build; imported as ESM, the default export is the variant itself.
const variant = ('default' in releaseSync ? releaseSync.default : releaseSync) as QuickJSSyncVariant;

/** Longest one transform script may run. */
export const SCRIPT_TIMEOUT_MS = 2_000;
/** Memory one transform script may take. */
const SCRIPT_MEMORY_BYTES = 128 * 1024 * 1024;

let engine: Promise<QuickJSWASMModule> | undefined;

export class ScriptError extends Error {}

/**
 * Runs a `transform.javascript` script (config-db's) over one document, given as `config`; its last
 * value, usually `JSON.stringify(config)`, is the answer. It runs in QuickJS compiled to
 * WebAssembly: no files, network, environment or Node.js of the server's, stopped after
 * SCRIPT_TIMEOUT_MS or past its memory.
 */
export async function runJavascript(script: string, config: unknown): Promise<unknown> {
  const quickjs = await (engine ??= newQuickJSWASMModuleFromVariant(variant));
  const runtime = quickjs.newRuntime();
  try {
    runtime.setMemoryLimit(SCRIPT_MEMORY_BYTES);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + SCRIPT_TIMEOUT_MS));
    const context = runtime.newContext();
    try {
      const input = context.newString(JSON.stringify(config ?? null));
      context.setProp(context.global, '__config', input);
      input.dispose();
      const result = context.evalCode(`var config = JSON.parse(__config);\n${script}`, 'transform.js');
      if (result.error) {
        const error = context.dump(result.error) as { name?: string; message?: string } | string;
        result.error.dispose();
        const message = typeof error === 'string' ? error : `${error.name ?? 'Error'}: ${error.message ?? ''}`;
        throw new ScriptError(message === 'InternalError: interrupted' ? `the script ran longer than ${SCRIPT_TIMEOUT_MS} ms` : message);
      }
      const value = context.dump(result.value) as unknown;
      result.value.dispose();
      return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    } finally {
      context.dispose();
    }
  } finally {
    runtime.dispose();
  }
}
