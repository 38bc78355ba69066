import { spawn } from 'node:child_process';
import { failed, text, type CheckRunner } from './types.js';

/** Longest output kept of a script. */
const MAX_OUTPUT = 64 * 1024;

/** Runs `script` with bash; it passes when the script exits 0. Variables: stdout, stderr, exitCode. */
export const execCheck: CheckRunner = async (spec, context) => {
  const script = text(spec['script']);
  if (!script) return failed('script is required');
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/tmp', LANG: 'C.UTF-8' };
  for (const entry of Array.isArray(spec['env']) ? (spec['env'] as unknown[]) : []) {
    const { name } = (entry ?? {}) as { name?: unknown };
    if (typeof name === 'string' && name !== '') env[name] = (await context.value(entry)) ?? '';
  }
  const started = performance.now();
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string; error?: string }>((resolve) => {
    const child = spawn('bash', ['-c', script], { env, signal: context.signal, stdio: ['ignore', 'pipe', 'pipe'], ...(context.workingDirectory ? { cwd: context.workingDirectory } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString('utf8')).slice(0, MAX_OUTPUT)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(0, MAX_OUTPUT)));
    child.once('error', (error) => resolve({ code: null, stdout, stderr, error: error.name === 'AbortError' ? 'the script timed out' : error.message }));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
  const duration = Math.round(performance.now() - started);
  const data = { stdout: result.stdout.trimEnd(), stderr: result.stderr.trimEnd(), exitCode: result.code ?? -1 };
  if (result.error) return failed(result.error, duration, data);
  if (result.code !== 0) return failed(`exit status ${result.code}${data.stderr ? `: ${data.stderr.split('\n').at(-1)}` : ''}`, duration, data);
  return { pass: true, duration, message: data.stdout.split('\n').at(-1) ?? '', data };
};
