import { createHash } from 'node:crypto';
import { dueTick, nextTick, type Schedule } from '@pharos/core';

/**
 * Where a schedule's ticks fall within its interval. Interval ticks are whole multiples of the
 * interval since the epoch, which would start every `@every 1m` resource in the same second; each
 * schedule is shifted by whole seconds derived from its key, the same in every process, so many
 * resources of one interval start spread over it. Cron schedules run at the times they name.
 */
export function tickPhaseMs(schedule: Schedule, key: string): number {
  if (schedule.kind !== 'interval') return 0;
  const seconds = Math.floor(schedule.everyMs / 1000);
  if (seconds <= 1) return 0;
  return (createHash('sha1').update(key).digest().readUInt32BE(0) % seconds) * 1000;
}

/** The first tick of the keyed schedule strictly after `after`. */
export function nextKeyedTick(schedule: Schedule, key: string, after: Date): Date {
  const phase = tickPhaseMs(schedule, key);
  return new Date(nextTick(schedule, new Date(after.getTime() - phase)).getTime() + phase);
}

/** The latest tick of the keyed schedule at or before `now` that comes after `since`, or null. */
export function dueKeyedTick(schedule: Schedule, key: string, since: Date, now: Date): Date | null {
  const phase = tickPhaseMs(schedule, key);
  const tick = dueTick(schedule, new Date(since.getTime() - phase), new Date(now.getTime() - phase));
  return tick ? new Date(tick.getTime() + phase) : null;
}
