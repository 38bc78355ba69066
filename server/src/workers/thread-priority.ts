import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the calling thread's scheduling priority to `niceness` (Linux keeps a nice value per thread:
 * /proc/thread-self names this one). Elsewhere, or where not allowed, the thread keeps the process's.
 */
export function lowerThisThreadPriority(niceness: number): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, niceness);
  } catch {
    // No /proc (not Linux), or not allowed: the thread runs at the server's priority.
  }
}
