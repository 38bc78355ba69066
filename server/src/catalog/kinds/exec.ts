import { spawn } from 'node:child_process';
import { envVarText, isRecord } from '@pharos/core';
import { resolveValue } from '../../secret-store/resolve.js';
import { parseFormat } from '../parse-format.js';
import { text, type KindContext, type KindReader } from './types.js';

/** Largest output read from a script. */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;
/** Lines of standard error kept in an error. */
const STDERR_LINES = 5;

async function environment(spec: Record<string, unknown>, context: KindContext): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/tmp', LANG: 'C.UTF-8' };
  for (const entry of Array.isArray(spec['env']) ? (spec['env'] as unknown[]) : []) {
    if (!isRecord(entry) || typeof entry['name'] !== 'string' || entry['name'] === '') continue;
    const value = envVarText(entry);
    env[entry['name']] = value === undefined ? '' : await resolveValue(context.pool, context.secrets, value, context.namespace);
  }
  return env;
}

function run(script: string, env: NodeJS.ProcessEnv, signal: AbortSignal, cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { env, signal, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let size = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) child.kill('SIGKILL');
      else stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-8192)));
    child.once('error', (error) => reject(error.name === 'AbortError' ? new Error('the script was stopped: the run timed out or the server is stopping') : error));
    child.once('close', (code, exitSignal) => {
      if (size > MAX_OUTPUT_BYTES) return reject(new Error(`the script wrote more than ${MAX_OUTPUT_BYTES / 1024 / 1024} MiB`));
      if (code !== 0) {
        const tail = stderr.trimEnd().split('\n').slice(-STDERR_LINES).join('\n');
        return reject(new Error(`the script exited with ${code === null ? `signal ${exitSignal}` : `status ${code}`}${tail ? `: ${tail}` : ''}`));
      }
      resolve(Buffer.concat(stdout).toString('utf8'));
    });
  });
}

/** `exec`: runs `script` with bash (`env` from values, secrets or config maps); its standard output, JSON by default, is what was scraped. */
export const readExec: KindReader = async (spec, context) => {
  const script = text(spec['script']);
  if (!script) throw new Error('script is required');
  const output = await run(script, await environment(spec, context), context.signal, context.baseDir);
  if (output.trim() === '') return { inputs: [], errors: ['the script wrote nothing to standard output'] };
  return { inputs: [{ document: parseFormat(output, text(spec['format']) ?? 'json'), source: 'exec' }], errors: [] };
};
