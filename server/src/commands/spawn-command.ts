import { spawn } from 'node:child_process';
import path from 'node:path';
import type { CommandUser } from './command-users.js';
import { formatBytes, limitReached, OUTPUT_STOP_AFTER_DROPPED_BYTES, processLimitReached, prlimitOptions } from './limits.js';
import { OutputBuffer } from './output-buffer.js';
import { environmentEntries, privateTempCommand, type PrivateTemp } from './private-temp.js';
import { killEveryProcessOf } from './processes-of-user.js';
import { stopReason } from './stop-reason.js';
import { COMMAND_PATH } from './tools.js';
import type { CommandRequest, CommandResult } from './types.js';
/** Bytes of each output stream kept unless the caller says otherwise. */
const DEFAULT_KEEP_BYTES = 64 * 1024;
/** How long the output of a command that ended may stay open (held by something it left behind) before it is closed. */
const OUTPUT_GRACE_MS = 2_000;

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** How a command starts: with the run's own temporary folders, or as its user (or Pharos's) sharing the machine's. */
function launch(prlimitPath: string, user: CommandUser | undefined, temp: PrivateTemp | undefined, request: CommandRequest, env: Record<string, string>) {
  const limited = [prlimitPath, ...prlimitOptions(), '--', ...request.argv];
  if (user && temp) {
    const { file, args } = privateTempCommand(temp, user, limited);
    return { file, args, env: { PATH: COMMAND_PATH }, entries: environmentEntries(env), options: {} };
  }
  // umask 077: what a run leaves in shared folders (/tmp) is not readable by the other runs' users.
  return { file: '/bin/sh', args: ['-c', 'umask 077 && exec "$@"', 'pharos-command', ...limited], env, entries: undefined, options: user ? { uid: user.uid, gid: user.gid } : {} };
}

/**
 * Runs one command of a run in the run's folder, as its user (when there is one) with the run's own
 * temporary folders (when it has them), through `prlimit` (at `prlimitPath`), in a process group of
 * its own; resolves once it and all it left behind are gone.
 */
export function spawnCommand(prlimitPath: string, folder: string, user: CommandUser | undefined, temp: PrivateTemp | undefined, request: CommandRequest, signal: AbortSignal): Promise<CommandResult> {
  const stdout = new OutputBuffer(request.keepStdoutBytes ?? DEFAULT_KEEP_BYTES);
  const stderr = new OutputBuffer(request.keepStderrBytes ?? DEFAULT_KEEP_BYTES);
  const cwd = request.cwd ? path.resolve(folder, request.cwd) : folder;
  const start = launch(prlimitPath, user, temp, request, { PATH: COMMAND_PATH, HOME: folder, LANG: 'C.UTF-8', ...request.env });
  if (signal.aborted) return Promise.resolve({ code: null, signal: null, stdout: '', stderr: '', stopped: stopReason(signal), stdoutDropped: 0, notes: [] });
  return new Promise((resolve) => {
    let stopped: string | undefined;
    let settled = false;
    let grace: NodeJS.Timeout | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } = { code: null, signal: null };
    const child = spawn(start.file, start.args, {
      cwd,
      env: start.env,
      // Its own process group (and session), so that stopping it stops everything it started.
      detached: true,
      stdio: [request.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe', ...(start.entries === undefined ? [] : ['pipe' as const])],
      ...start.options,
    });
    const entries = child.stdio[3];
    if (entries && 'end' in entries) {
      entries.on('error', () => undefined);
      entries.end(start.entries);
    }
    // Kills in flight: the result waits for them, so that none reaches the run's next command.
    const kills: Promise<unknown>[] = [];
    const stopEverything = () => {
      killGroup(child.pid);
      if (user) kills.push(killEveryProcessOf(user.uid, user.gid));
    };
    const stop = (why: string) => {
      stopped ??= why;
      stopEverything();
    };
    const onAbort = () => stop(stopReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    const finish = (spawnError?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(grace);
      signal.removeEventListener('abort', onAbort);
      const errorText = stderr.text();
      const failed = spawnError !== undefined || exit.code !== 0;
      const notes = [stdout.note('standard output'), stderr.note('standard error')].filter((note): note is string => note !== undefined);
      const limit = failed || stopped ? limitReached(exit.signal, errorText) : processLimitReached(errorText);
      const result: CommandResult = {
        code: spawnError ? null : exit.code,
        signal: exit.signal,
        stdout: stdout.text(),
        stdoutDropped: stdout.dropped,
        stderr: spawnError ? `${errorText}${spawnError.message}` : errorText,
        ...(stopped ? { stopped } : {}),
        ...(limit ? { limit } : {}),
        notes,
      };
      void Promise.allSettled(kills).then(() => resolve(result));
    };
    const watch = (buffer: OutputBuffer) => (chunk: Buffer) => {
      buffer.add(chunk);
      if (buffer.dropped > OUTPUT_STOP_AFTER_DROPPED_BYTES) stop(`it wrote more than ${formatBytes(OUTPUT_STOP_AFTER_DROPPED_BYTES)} of output beyond the ${formatBytes(buffer.keep)} kept`);
    };
    child.stdout?.on('data', watch(stdout));
    child.stderr?.on('data', watch(stderr));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(request.input);
    child.once('error', (error) => finish(error));
    child.once('exit', (code, exitSignal) => {
      exit = { code, signal: exitSignal };
      // What it left running in the background ends with it.
      stopEverything();
      grace = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish();
      }, OUTPUT_GRACE_MS);
    });
    child.once('close', () => finish());
  });
}

