import type { CommandUser } from './command-users.js';

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
  /** Where a file the commands see at `file` is for Pharos: a path in /tmp, /var/tmp or /dev/shm lies in the run's own copy when it has one. */
  outside(file: string): string;
  run(request: CommandRequest): Promise<CommandResult>;
}
