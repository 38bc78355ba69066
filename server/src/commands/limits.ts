/** What one command may use. Each command of a run gets them afresh; processes are counted per run. */
export const COMMAND_LIMITS = {
  /** CPU seconds of each process (SIGXCPU, then SIGKILL five seconds later). */
  cpuSeconds: 600,
  /** Heap and other private writable memory of each process (RLIMIT_DATA). */
  memoryBytes: 1024 * 1024 * 1024,
  /** Processes and threads of the run together (RLIMIT_NPROC of its own OS user). */
  processes: 128,
  /** Open files of each process. */
  openFiles: 1024,
  /** Largest file a process may write. */
  fileBytes: 1024 * 1024 * 1024,
} as const;

/** Output a run may write beyond what its caller keeps before it is stopped. */
export const OUTPUT_STOP_AFTER_DROPPED_BYTES = 64 * 1024 * 1024;

const MIB = 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MIB) return `${bytes / (1024 * MIB)} GiB`;
  if (bytes >= MIB) return `${Math.round(bytes / MIB)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

/** `prlimit` options setting the limits on the command it starts (soft and hard alike, so the command cannot raise them). */
export function prlimitOptions(): string[] {
  const { cpuSeconds, memoryBytes, processes, openFiles, fileBytes } = COMMAND_LIMITS;
  return [`--cpu=${cpuSeconds}:${cpuSeconds + 5}`, `--data=${memoryBytes}`, `--nproc=${processes}`, `--nofile=${openFiles}`, `--fsize=${fileBytes}`, '--core=0'];
}

/**
 * Which limit a command that failed most likely reached, from how it ended and what it said, as a
 * sentence for its error; undefined when none.
 */
export function limitReached(exitSignal: NodeJS.Signals | null, stderr: string): string | undefined {
  const { cpuSeconds, memoryBytes, fileBytes } = COMMAND_LIMITS;
  if (exitSignal === 'SIGXCPU' || (exitSignal === 'SIGKILL' && /cpu time limit/i.test(stderr))) return `it used more than its ${cpuSeconds} s of CPU time`;
  if (exitSignal === 'SIGXFSZ') return `it wrote a file larger than ${formatBytes(fileBytes)}`;
  if (/cannot allocate memory|out of memory|memoryerror|bad_alloc|xmalloc|allocation failed/i.test(stderr)) return `it needed more than its ${formatBytes(memoryBytes)} of memory`;
  return processLimitReached(stderr);
}

/** Whether the command ran into its process limit (even if it then ended well: a fork bomb's first shell does). */
export function processLimitReached(stderr: string): string | undefined {
  if (/fork: .*resource temporarily unavailable|cannot fork|fork failed/i.test(stderr)) return `it started more than its ${COMMAND_LIMITS.processes} processes`;
  return undefined;
}
