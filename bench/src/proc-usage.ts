import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times. */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds a process has used so far (user + system), and with `children` those of the children it waited for. */
export function cpuSeconds(pid: number, children = false): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const at = (field: number): number => Number(fields[field - 3]);
  return (at(14) + at(15) + (children ? at(16) + at(17) : 0)) / TICKS_PER_SECOND;
}

/** Resident memory of a process in MB. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** CPU seconds of a process and its live children (a PostgreSQL postmaster and its backends) plus the children it reaped. */
export function treeCpuSeconds(pid: number): number {
  let total = cpuSeconds(pid, true);
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return total;
  }
  for (const child of children) {
    try {
      total += cpuSeconds(Number(child), true);
    } catch {
      // exited meanwhile: counted in the parent's reaped children
    }
  }
  return total;
}

/** Average cores a process used between two readings. */
export class CpuMeter {
  private readonly startCpu: number;
  private readonly startTime = performance.now();

  constructor(private readonly read: () => number) {
    this.startCpu = read();
  }

  cores(): number {
    return (this.read() - this.startCpu) / ((performance.now() - this.startTime) / 1000);
  }
}
