import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { setPriority, tmpdir } from 'node:os';

/** What a pool child sends: once `{ready: true}` when it can take work, then one answer per request. */
export type ChildMessage<Failure> = { ready: true } | { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Failure };

export interface PoolChildOptions {
  /** The compiled entry the child runs. */
  file: string;
  heapMb: number;
  /** Most memory WebAssembly inside the child may grow to (jq, QuickJS). */
  wasmMb: number;
  /** Scheduling priority (nice, 0-19): above the server's, so that a busy child never takes the CPU the server answers with. */
  niceness: number;
}

/** Why a child's request did not get an answer. */
export type EndReason = 'timeout' | 'cancelled' | 'exit';

const STDERR_KEPT = 4_096;

/**
 * One forked Node process with its own heap limit, no environment of the server's and no file
 * descriptors but its IPC channel and stderr: whatever it runs can exhaust only itself.
 */
export class PoolChild<Failure> {
  readonly process: ChildProcess;
  readonly startedAt = Date.now();
  ready = false;
  served = 0;
  /** Set when the pool ends the child on purpose, so its exit is reported for what it was. */
  endedFor: EndReason | undefined;
  private stderr = '';

  constructor(options: PoolChildOptions, onMessage: (message: ChildMessage<Failure>) => void, onExit: () => void) {
    this.process = fork(options.file, [], {
      execArgv: [`--max-old-space-size=${options.heapMb}`, `--wasm-max-mem-pages=${Math.floor((options.wasmMb * 1024 * 1024) / 65_536)}`, '--disallow-code-generation-from-strings'],
      env: process.env['TZ'] ? { TZ: process.env['TZ'] } : {},
      cwd: tmpdir(),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    if (this.process.pid !== undefined) {
      try {
        setPriority(this.process.pid, options.niceness);
      } catch {
        // Not allowed here: the child runs at the server's priority.
      }
    }
    this.process.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    this.process.on('message', (message: ChildMessage<Failure>) => {
      if ('ready' in message) this.ready = true;
      onMessage(message);
    });
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      onExit();
    };
    this.process.on('error', (error) => {
      // A fork that failed (no pid: too many processes, say) never exits: it ends here.
      if (this.process.pid === undefined) {
        this.stderr = `could not start: ${error.message}`;
        end();
      } else this.kill('exit');
    });
    // 'close', not 'exit': by then its stderr has been read, which tells an out-of-memory death.
    this.process.once('close', end);
  }

  /** Started (it has a pid) and not exited yet. */
  get alive(): boolean {
    return this.process.pid !== undefined && this.process.exitCode === null && this.process.signalCode === null;
  }

  /** Whether it died of running out of heap (V8 prints this before aborting). */
  get outOfMemory(): boolean {
    return /heap out of memory|Reached heap limit|Allocation failed/i.test(this.stderr);
  }

  get lastWords(): string {
    return this.stderr.trim().split('\n').slice(-3).join(' ');
  }

  /** A child keeps the process alive only while it has work (so a command that evaluated once can exit): its process, channel and stderr pipe. */
  hold(busy: boolean): void {
    const stderr = this.process.stderr as Socket | null;
    if (busy) {
      this.process.ref();
      this.process.channel?.ref();
      stderr?.ref();
    } else {
      this.process.unref();
      this.process.channel?.unref();
      stderr?.unref();
    }
  }

  send(message: unknown): void {
    this.process.send(message as object);
  }

  kill(reason: EndReason): void {
    this.endedFor ??= reason;
    if (this.alive) this.process.kill('SIGKILL');
  }
}
