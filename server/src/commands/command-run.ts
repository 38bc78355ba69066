import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, chown, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commandUser, type CommandUser } from './command-users.js';
import { isolationPolicy, withoutUser } from './isolation.js';
import { formatBytes, limitReached, OUTPUT_STOP_AFTER_DROPPED_BYTES, processLimitReached, prlimitOptions } from './limits.js';
import { OutputBuffer } from './output-buffer.js';
import { killEveryProcessOf } from './processes-of-user.js';
import { claimSlot, type Slot } from './slots.js';
import { stopReason } from './stop-reason.js';

/** The PATH commands get unless their spec gives one. */
export const COMMAND_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** Bytes of each output stream kept unless the caller says otherwise. */
const DEFAULT_KEEP_BYTES = 64 * 1024;
/** How long the output of a command that ended may stay open (held by something it left behind) before it is closed. */
const OUTPUT_GRACE_MS = 2_000;

export interface CommandRequest {
  argv: readonly string[];
  /** What the spec gives; added to PATH, HOME (the run's folder) and LANG. */
  env?: Readonly<Record<string, string>>;
  /** Where it starts: a folder inside the run's folder (relative) or any other it may enter (absolute); the run's folder by default. */
  cwd?: string;
  /** Written to its standard input (else it has none). */
  input?: string;
  keepStdoutBytes?: number;
  keepStderrBytes?: number;
}

export interface CommandResult {
  /** Exit status, or null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Why it was stopped before it ended by itself: the run's signal ('cancelled by Ada', 'it timed out') or too much output. */
  stopped?: string;
  /** The limit it most likely reached ('it started more than its 128 processes'): when it failed or was stopped, or the process limit even when it ended well. */
  limit?: string;
  /** Bytes of standard output beyond those kept, dropped. */
  stdoutDropped: number;
  /** What was dropped of its output. */
  notes: string[];
}

/** One run's own folder and user; every command of the run starts there as that user. */
export interface CommandRun {
  /** Absolute path of the run's folder (empty at first, removed after the run). */
  folder: string;
  /** The OS user commands run as; absent when the operator lets them run as Pharos's own user. */
  user?: CommandUser;
  run(request: CommandRequest): Promise<CommandResult>;
}

let prlimitChecked: Promise<void> | undefined;

function requirePrlimit(): Promise<void> {
  prlimitChecked ??= Promise.any(COMMAND_PATH.split(':').map((dir) => access(path.join(dir, 'prlimit'), constants.X_OK))).catch(() => {
    prlimitChecked = undefined;
    throw new Error('exec is disabled: prlimit (from util-linux) is not installed, so commands cannot be held to their CPU, memory and process limits');
  });
  return prlimitChecked;
}

/** The user a run's commands run as, claimed for this run alone, or none (Pharos's own user, when allowed). */
async function claimUser(): Promise<{ user?: CommandUser; slot?: Slot }> {
  const policy = isolationPolicy(process.getuid?.() ?? 0, process.env);
  if (policy.mode === 'refused') throw policy.error;
  if (policy.mode === 'unisolated') return {};
  const slot = await claimSlot();
  try {
    return { user: await commandUser(slot.slot), slot };
  } catch (error) {
    await slot.release();
    const fallback = withoutUser((error as Error).message, process.env);
    if (fallback.mode === 'refused') throw fallback.error;
    return {};
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

function runOne(folder: string, user: CommandUser | undefined, request: CommandRequest, signal: AbortSignal): Promise<CommandResult> {
  const stdout = new OutputBuffer(request.keepStdoutBytes ?? DEFAULT_KEEP_BYTES);
  const stderr = new OutputBuffer(request.keepStderrBytes ?? DEFAULT_KEEP_BYTES);
  const env: Record<string, string> = { PATH: COMMAND_PATH, HOME: folder, LANG: 'C.UTF-8', ...request.env };
  const cwd = request.cwd ? path.resolve(folder, request.cwd) : folder;
  // umask 077: what a run leaves in shared folders (/tmp) is not readable by the other runs' users.
  const argv = ['-c', 'umask 077 && exec "$@"', 'pharos-command', 'prlimit', ...prlimitOptions(), '--', ...request.argv];
  return new Promise((resolve) => {
    let stopped: string | undefined = signal.aborted ? stopReason(signal) : undefined;
    let settled = false;
    let grace: NodeJS.Timeout | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } = { code: null, signal: null };
    const child = spawn('/bin/sh', argv, {
      cwd,
      env,
      // Its own process group (and session), so that stopping it stops everything it started.
      detached: true,
      stdio: [request.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    });
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
      if (buffer.dropped > OUTPUT_STOP_AFTER_DROPPED_BYTES) stop(`it wrote more than ${formatBytes(OUTPUT_STOP_AFTER_DROPPED_BYTES)} of output beyond the ${formatBytes(buffer === stdout ? (request.keepStdoutBytes ?? DEFAULT_KEEP_BYTES) : (request.keepStderrBytes ?? DEFAULT_KEEP_BYTES))} kept`);
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
    if (stopped) stop(stopped);
  });
}

/**
 * Runs `work` with a run of user commands of its own: an empty folder (mode 0700) owned by an
 * unprivileged OS user that no other run uses meanwhile. Each command starts in that folder as that
 * user, in its own process group, with only the environment it is given (plus PATH, HOME and LANG)
 * and the limits of COMMAND_LIMITS. Afterwards every process of the user is killed and the folder is
 * removed. When Pharos cannot switch users it refuses (CommandsRefusedError) unless the operator set
 * PHAROS_EXEC_UNISOLATED=true.
 */
export async function withCommandRun<T>(signal: AbortSignal, work: (run: CommandRun) => Promise<T>): Promise<T> {
  await requirePrlimit();
  const { user, slot } = await claimUser();
  let folder: string | undefined;
  try {
    // A run killed with its server may have left processes behind in this slot.
    if (user) await killEveryProcessOf(user.uid, user.gid);
    folder = await mkdtemp(path.join(tmpdir(), 'pharos-run-'));
    await chmod(folder, 0o700);
    if (user) await chown(folder, user.uid, user.gid);
    const runFolder = folder;
    return await work({ folder: runFolder, ...(user ? { user } : {}), run: (request) => runOne(runFolder, user, request, signal) });
  } finally {
    if (user) await killEveryProcessOf(user.uid, user.gid);
    if (folder) await rm(folder, { recursive: true, force: true });
    await slot?.release();
  }
}

/**
 * Reads a file a run wrote: a regular file (not a link) owned by the run's user, so a command cannot
 * make Pharos read a file of Pharos's for it. Answers at most `maxBytes` bytes and the file's size.
 */
export async function readRunFile(run: CommandRun, file: string, maxBytes: number): Promise<{ bytes: Buffer; size: number }> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`${file} is not a regular file`);
    if (run.user && info.uid !== run.user.uid) throw new Error(`${file} was not written by the command`);
    const buffer = Buffer.alloc(Math.min(info.size, maxBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { bytes: buffer.subarray(0, bytesRead), size: info.size };
  } finally {
    await handle.close();
  }
}
