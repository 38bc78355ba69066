import type pg from 'pg';
import { rssMb } from './proc-usage.js';

export interface Sample {
  /** performance.now() of the reading. */
  at: number;
  /** RSS (MB) of each server process, in server order. */
  rss: number[];
  /** Connections to the bench's database (pg_stat_activity). */
  connections: number;
}

/** Reads each server's RSS and the database's connection count every `everyMs` until stopped. */
export class UsageSampler {
  readonly samples: Sample[] = [];
  private readonly timer: NodeJS.Timeout;
  private reading = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly pids: readonly number[],
    everyMs: number,
  ) {
    this.timer = setInterval(() => void this.read(), everyMs);
  }

  private async read(): Promise<void> {
    if (this.reading) return; // a busy database answers late: skip a beat rather than pile up
    this.reading = true;
    try {
      const at = performance.now();
      const rss = this.pids.map((pid) => {
        try {
          return rssMb(pid);
        } catch {
          return Number.NaN; // exited
        }
      });
      const { rows } = await this.pool.query<{ count: number }>('select count(*)::int as count from pg_stat_activity where datname = current_database()');
      this.samples.push({ at, rss, connections: rows[0]?.count ?? Number.NaN });
    } finally {
      this.reading = false;
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The samples taken between two performance.now() times. */
  between(from: number, to: number): Sample[] {
    return this.samples.filter((sample) => sample.at >= from && sample.at <= to);
  }
}

export interface Trend {
  first: number;
  last: number;
  max: number;
  /** Least-squares slope per minute. */
  slopePerMinute: number;
  /** Mean of the last third of the readings minus the mean of the first third. */
  growth: number;
  flat: boolean;
}

const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** Whether a series stayed flat: its last third grew by no more than `tolerance` over its first third. */
export function trendOf(points: readonly { at: number; value: number }[], tolerance: number): Trend {
  const values = points.map((point) => point.value);
  const third = Math.max(1, Math.floor(points.length / 3));
  const growth = mean(values.slice(-third)) - mean(values.slice(0, third));
  const minutes = points.map((point) => point.at / 60_000);
  const mx = mean(minutes);
  const my = mean(values);
  let num = 0;
  let den = 0;
  for (const [i, x] of minutes.entries()) {
    num += (x - mx) * (values[i]! - my);
    den += (x - mx) ** 2;
  }
  return {
    first: values[0] ?? Number.NaN,
    last: values[values.length - 1] ?? Number.NaN,
    max: Math.max(...values),
    slopePerMinute: den > 0 ? num / den : 0,
    growth,
    flat: points.length > 0 && growth <= tolerance,
  };
}
