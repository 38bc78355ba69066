/**
 * Transform and body scripts in Javascript (config-db's and canary-checker's): QuickJS compiled to
 * WebAssembly, one runtime per script with a memory limit and a deadline. Runs in an expression
 * child process (child.ts), so a script sees neither the server nor its event loop.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { K8S_LIBRARY, USES_K8S } from './k8s-library.js';
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline, type QuickJSSyncVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';

// The package's types describe its CommonJS build; imported as ESM, the default export is the variant itself.
const variant = ('default' in releaseSync ? releaseSync.default : releaseSync) as QuickJSSyncVariant;
let engine: Promise<QuickJSWASMModule> | undefined;
let underscoreSource: string | undefined;

/** A script that calls `_.map(…)` or `_(…)`: canary-checker's scripts have underscore.js as `_`. */
const USES_UNDERSCORE = /(^|[^\w$.])_\s*[.(]/;

function underscore(): string {
  return (underscoreSource ??= readFileSync(createRequire(import.meta.url).resolve('underscore/underscore-umd-min.js'), 'utf8'));
}

/** The script's last value, with the document (JSON text) as `config`. */
export async function runQuickJs(script: string, config: string, timeoutMs: number, memoryBytes: number): Promise<unknown> {
  const quickjs = await (engine ??= newQuickJSWASMModuleFromVariant(variant));
  const runtime = quickjs.newRuntime();
  try {
    runtime.setMemoryLimit(memoryBytes);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeoutMs));
    const context = runtime.newContext();
    try {
      const input = context.newString(config);
      context.setProp(context.global, '__config', input);
      input.dispose();
      if (USES_UNDERSCORE.test(script)) {
        context.unwrapResult(context.evalCode(underscore(), 'underscore.js')).dispose();
      }
      if (USES_K8S.test(script)) context.unwrapResult(context.evalCode(K8S_LIBRARY, 'k8s.js')).dispose();
      const result = context.evalCode(`var config = JSON.parse(__config);\n${script}`, 'transform.js');
      if (result.error) {
        const error = context.dump(result.error) as { name?: string; message?: string } | string;
        result.error.dispose();
        const message = typeof error === 'string' ? error : `${error.name ?? 'Error'}: ${error.message ?? ''}`;
        throw new Error(message === 'InternalError: interrupted' ? `the script ran longer than ${timeoutMs} ms` : message);
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
