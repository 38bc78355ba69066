import { envVarText, isRecord } from '@pharos/core';
import { describeCommandFailure, withCommandRun } from '../../commands/index.js';
import { resolveValue } from '../../secret-store/resolve.js';
import { parseFormat } from '../parse-format.js';
import { text, type KindContext, type KindReader } from './types.js';

/** Largest output read from a script. */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;
/** Lines of standard error kept in an error. */
const STDERR_LINES = 5;
const STDERR_BYTES = 8192;

async function environment(spec: Record<string, unknown>, context: KindContext): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const entry of Array.isArray(spec['env']) ? (spec['env'] as unknown[]) : []) {
    if (!isRecord(entry) || typeof entry['name'] !== 'string' || entry['name'] === '') continue;
    const value = envVarText(entry);
    env[entry['name']] = value === undefined ? '' : await resolveValue(context.pool, context.secrets, value, context.namespace);
  }
  return env;
}

/** Shells that run the script as `bash -c`; another interpreter its `#!` line names reads it from standard input. */
const SHELLS = ['bash', 'sh'];

/**
 * How the script runs: with the interpreter its `#!` line names (`#!/usr/bin/env python3`, as
 * config-db detects it), which reads the script from standard input, else with bash.
 */
function commandOf(script: string): { argv: string[]; input?: string } {
  const shebang = /^#!\s*(\S+)(.*)$/m.exec(script.split('\n', 1)[0] ?? '');
  if (!shebang) return { argv: ['bash', '-c', script] };
  const argv = [shebang[1]!, ...shebang[2]!.trim().split(/\s+/).filter(Boolean)];
  const interpreter = (argv[0]!.endsWith('/env') ? argv[1] : argv[0])?.split('/').pop() ?? '';
  return SHELLS.includes(interpreter) ? { argv: ['bash', '-c', script] } : { argv, input: script };
}

/** The script's standard output; an error when it failed, was stopped or wrote more than is read. */
async function run(script: string, env: Record<string, string>, signal: AbortSignal): Promise<string> {
  const result = await withCommandRun(signal, (commands) => commands.run({ ...commandOf(script), env, keepStdoutBytes: MAX_OUTPUT_BYTES, keepStderrBytes: STDERR_BYTES }));
  if (result.stdoutDropped > 0) throw new Error(`the script wrote more than ${MAX_OUTPUT_BYTES / 1024 / 1024} MiB`);
  const failure = describeCommandFailure(result);
  if (failure) {
    const tail = result.stderr.trimEnd().split('\n').slice(-STDERR_LINES).join('\n');
    throw new Error(result.stopped || result.code === 0 ? failure : `the script exited with ${result.code === null ? `signal ${result.signal}` : `status ${result.code}`}${result.limit ? ` (${result.limit})` : ''}${tail ? `: ${tail}` : ''}`);
  }
  return result.stdout;
}

/**
 * `exec`: runs `script` with bash (or the interpreter of its `#!` line) as a user command (see
 * commands/), `env` from values, secrets or config maps; its standard output, JSON or YAML unless
 * `format` says otherwise, is what was scraped.
 */
export const readExec: KindReader = async (spec, context) => {
  const script = text(spec['script']);
  if (!script) throw new Error('script is required');
  const output = await run(script, await environment(spec, context), context.signal);
  if (output.trim() === '') return { inputs: [], errors: ['the script wrote nothing to standard output'] };
  return { inputs: [{ document: parseFormat(output, text(spec['format']) ?? ''), source: 'exec' }], errors: [] };
};
