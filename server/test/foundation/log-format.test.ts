import { spawn } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { CLI, cliEnv, runCli } from '../support/cli.js';

/** Runs the CLI with a pseudo-terminal as its standard output and error, as a person at a shell does. */
function runInTerminal(args: readonly string[], env: Record<string, string>): Promise<string> {
  const command = [process.execPath, CLI, ...args].join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`exit ${code}: ${output}`))));
  });
}

const ESCAPE = String.fromCharCode(27);

describe('log lines', () => {
  const env = (): Record<string, string> => ({ DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'debug' });

  it('are JSON objects, one a line, when the output is not a terminal', async () => {
    const result = await runCli(['migrate'], env());
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries).toContainEqual(expect.objectContaining({ level: 20, msg: 'shutdown: database stopped' }));
    expect(result.stderr).not.toContain(ESCAPE);
  });

  it('are coloured text with a readable level when the output is a terminal', async () => {
    const output = await runInTerminal(['migrate'], env());
    const line = output.split(/\r?\n/).find((candidate) => candidate.includes('shutdown: database stopped'));
    expect(line, output).toBeDefined();
    expect(line).toContain(`${ESCAPE}[`);
    // eslint-disable-next-line no-control-regex
    const plain = (line ?? '').replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] DEBUG: shutdown: database stopped$/);
    expect(output).not.toContain('"level"');
  });
});
