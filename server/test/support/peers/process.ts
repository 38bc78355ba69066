import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../http.js';

export { freePort };

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A server process of a Debian package, in a folder of its own, listening on a loopback port. */
export class PeerProcess {
  private constructor(
    readonly name: string,
    readonly folder: string,
    private readonly child: ChildProcess,
    private readonly output: string[],
  ) {}

  static folder(name: string): Promise<string> {
    return mkdtemp(path.join(tmpdir(), `pharos-${name}-`));
  }

  /** Starts `command` and waits until `port` accepts connections (or the process dies, with its output). */
  static async start(name: string, folder: string, command: string, args: readonly string[], port: number, timeoutMs = 90_000): Promise<PeerProcess> {
    const output: string[] = [];
    // A process group of its own: servers that fork (smbd) are stopped whole.
    const child = spawn(command, args, { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    let exited: number | null = null;
    child.once('exit', (code) => {
      exited = code ?? -1;
    });
    child.once('error', (error) => {
      output.push(error.message);
      exited = -1;
    });
    const deadline = Date.now() + timeoutMs;
    while (!(await accepts(port))) {
      if (exited !== null || Date.now() > deadline) {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        throw new Error(`${name} did not start (${exited !== null ? `exit ${exited}` : 'timed out'}):\n${output.join('').slice(-3000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return new PeerProcess(name, folder, child, output);
  }

  async stop(): Promise<void> {
    const pid = this.child.pid;
    if (pid !== undefined && this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          process.kill(-pid, signal);
        } catch {
          // already gone
        }
      };
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(this.folder, { recursive: true, force: true });
  }
}
