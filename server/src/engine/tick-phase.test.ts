import { parseSchedule } from '@pharos/core';
import { describe, expect, it } from 'vitest';
import { dueKeyedTick, nextKeyedTick, tickPhaseMs } from './tick-phase.js';

const minute = parseSchedule('@every 1m');

describe('tick phases', () => {
  it('spread the schedules of one interval over whole seconds of it, the same for a key everywhere', () => {
    const phases = Array.from({ length: 600 }, (_, index) => tickPhaseMs(minute, `canary:${index}`));
    for (const phase of phases) {
      expect(phase % 1000).toBe(0);
      expect(phase).toBeGreaterThanOrEqual(0);
      expect(phase).toBeLessThan(60_000);
    }
    expect(new Set(phases).size).toBeGreaterThan(50);
    expect(tickPhaseMs(minute, 'canary:7')).toBe(phases[7]);
  });

  it('leave every-second and cron schedules on their own ticks', () => {
    expect(tickPhaseMs(parseSchedule('@every 1s'), 'canary:1')).toBe(0);
    expect(tickPhaseMs(parseSchedule('@daily'), 'canary:1')).toBe(0);
    expect(tickPhaseMs(parseSchedule('*/5 * * * *'), 'canary:1')).toBe(0);
  });

  it('give the next tick after a time and, after a downtime, only the latest missed one', () => {
    const key = 'canary:42';
    const phase = tickPhaseMs(minute, key);
    const after = new Date(Date.UTC(2026, 0, 1, 12, 0, 30));
    const next = nextKeyedTick(minute, key, after);
    expect(next.getTime()).toBeGreaterThan(after.getTime());
    expect(next.getTime() - after.getTime()).toBeLessThanOrEqual(60_000);
    expect((next.getTime() - phase) % 60_000).toBe(0);
    const now = new Date(next.getTime() + 3 * 60_000 + 10_000);
    expect(dueKeyedTick(minute, key, new Date(next.getTime() - 1), now)?.getTime()).toBe(next.getTime() + 3 * 60_000);
    expect(dueKeyedTick(minute, key, next, new Date(next.getTime() + 30_000))).toBeNull();
  });
});
