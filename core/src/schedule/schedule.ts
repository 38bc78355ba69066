import { Cron } from 'croner';

/** A parsed schedule: a fixed interval (`@every 30s`) or a five-field cron expression (UTC). */
export type Schedule = { kind: 'interval'; text: string; everyMs: number } | { kind: 'cron'; text: string; expression: string };

export class ScheduleError extends Error {}

/** The descriptors of standard cron, as the specs people keep in git use them. */
const DESCRIPTORS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
/** The shortest interval a resource may run at. */
export const MIN_INTERVAL_MS = 1_000;

/** A Go-style duration (`30s`, `1m`, `1h30m`, `500ms`) in milliseconds, or null when it is not one. */
function durationMs(text: string): number | null {
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(text)) return null;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) total += Number(amount) * (UNIT_MS[unit ?? ''] ?? 0);
  return total;
}

/**
 * Reads `@every <duration>`, a descriptor (`@hourly`, `@daily`, `@weekly`, …) or a five-field cron
 * expression; throws ScheduleError with a message a person can act on.
 */
export function parseSchedule(raw: string): Schedule {
  const text = raw.trim();
  if (text === '') throw new ScheduleError('The schedule is empty: use e.g. "@every 5m", "@hourly" or a cron expression such as "*/10 * * * *"');
  if (text.startsWith('@every')) {
    const duration = text.slice('@every'.length).trim();
    const everyMs = durationMs(duration);
    if (everyMs === null) throw new ScheduleError(`"${duration}" is not a duration: write e.g. "@every 30s", "@every 5m" or "@every 1h30m"`);
    if (everyMs < MIN_INTERVAL_MS) throw new ScheduleError(`"${text}" is too often: the shortest schedule is "@every 1s"`);
    return { kind: 'interval', text, everyMs };
  }
  const expression = DESCRIPTORS[text] ?? text;
  if (expression.startsWith('@')) throw new ScheduleError(`"${text}" is not a known schedule: use @every, @hourly, @daily, @weekly, @monthly or @yearly`);
  const fields = expression.split(/\s+/).length;
  if (fields !== 5) throw new ScheduleError(`"${text}" has ${fields} fields: a cron expression has five (minute hour day-of-month month day-of-week)`);
  try {
    new Cron(expression, { paused: true, timezone: 'UTC' });
  } catch (error) {
    throw new ScheduleError(`"${text}" is not a valid cron expression: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { kind: 'cron', text, expression };
}

function cronOf(schedule: Extract<Schedule, { kind: 'cron' }>): Cron {
  return new Cron(schedule.expression, { paused: true, timezone: 'UTC' });
}

/**
 * The first tick strictly after `after`. Interval ticks are whole multiples of the interval since the
 * epoch, so every process computes the same ticks and can agree on who runs which.
 */
export function nextTick(schedule: Schedule, after: Date): Date {
  if (schedule.kind === 'interval') return new Date((Math.floor(after.getTime() / schedule.everyMs) + 1) * schedule.everyMs);
  const next = cronOf(schedule).nextRun(after);
  if (!next) throw new ScheduleError(`"${schedule.text}" never runs again`);
  return next;
}

const HOUR_MS = 3_600_000;
/** Look-back windows for the latest cron tick: short first, so a frequent schedule needs few steps. */
const LOOK_BACK_MS = [HOUR_MS, 24 * HOUR_MS, 32 * 24 * HOUR_MS, 367 * 24 * HOUR_MS];

/**
 * The latest tick at or before `now` that comes after `since`, or null when none does: after a
 * downtime the resource runs once for all the ticks it missed, not once per tick.
 */
export function dueTick(schedule: Schedule, since: Date, now: Date): Date | null {
  if (nextTick(schedule, since) > now) return null;
  if (schedule.kind === 'interval') return new Date(Math.floor(now.getTime() / schedule.everyMs) * schedule.everyMs);
  const cron = cronOf(schedule);
  for (const window of LOOK_BACK_MS) {
    let tick = cron.nextRun(new Date(Math.max(since.getTime(), now.getTime() - window)));
    if (!tick || tick > now) continue;
    for (let next = cron.nextRun(tick); next && next <= now; next = cron.nextRun(next)) tick = next;
    return tick;
  }
  return null;
}
