import { describe, expect, it } from 'vitest';
import { SCHEDULE_PRESETS } from '../constants/settings/schedules.js';
import { dueTick, nextTick, parseSchedule, ScheduleError } from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('parseSchedule', () => {
  it('reads every preset of the forms', () => {
    for (const preset of SCHEDULE_PRESETS) expect(() => parseSchedule(preset)).not.toThrow();
  });

  it('reads @every with Go durations, descriptors and five-field cron', () => {
    expect(parseSchedule('@every 30s')).toMatchObject({ kind: 'interval', everyMs: 30_000 });
    expect(parseSchedule('@every 1h30m')).toMatchObject({ kind: 'interval', everyMs: 5_400_000 });
    expect(parseSchedule(' @hourly ')).toMatchObject({ kind: 'cron', expression: '0 * * * *' });
    expect(parseSchedule('*/10 * * * 1-5')).toMatchObject({ kind: 'cron', expression: '*/10 * * * 1-5' });
  });

  it.each([
    ['', 'The schedule is empty'],
    ['@every', 'is not a duration'],
    ['@every 5 minutes', '"5 minutes" is not a duration'],
    ['@every 10ms', 'is too often'],
    ['@sometimes', 'is not a known schedule'],
    ['* * * *', 'has 4 fields: a cron expression has five'],
    ['0 0 * * * *', 'has 6 fields'],
    ['61 * * * *', 'is not a valid cron expression'],
  ])('refuses %j with a message that says why', (text, message) => {
    expect(() => parseSchedule(text)).toThrow(ScheduleError);
    expect(() => parseSchedule(text)).toThrow(message);
  });
});

describe('ticks', () => {
  it('puts interval ticks on multiples of the interval, the same in every process', () => {
    const every30s = parseSchedule('@every 30s');
    expect(nextTick(every30s, at('2026-01-01T10:00:10Z'))).toEqual(at('2026-01-01T10:00:30Z'));
    expect(nextTick(every30s, at('2026-01-01T10:00:30Z'))).toEqual(at('2026-01-01T10:01:00Z'));
  });

  it('follows cron in UTC', () => {
    expect(nextTick(parseSchedule('@daily'), at('2026-01-01T10:00:00Z'))).toEqual(at('2026-01-02T00:00:00Z'));
    expect(nextTick(parseSchedule('@weekly'), at('2026-01-01T10:00:00Z'))).toEqual(at('2026-01-04T00:00:00Z'));
  });

  it('after a downtime, is due once, at the latest missed tick', () => {
    const every5m = parseSchedule('@every 5m');
    expect(dueTick(every5m, at('2026-01-01T10:00:00Z'), at('2026-01-01T10:04:59Z'))).toBeNull();
    expect(dueTick(every5m, at('2026-01-01T10:00:00Z'), at('2026-01-01T13:07:00Z'))).toEqual(at('2026-01-01T13:05:00Z'));
    const minutely = parseSchedule('* * * * *');
    expect(dueTick(minutely, at('2025-06-01T00:00:00Z'), at('2026-01-01T13:07:30Z'))).toEqual(at('2026-01-01T13:07:00Z'));
    const yearly = parseSchedule('@yearly');
    expect(dueTick(yearly, at('2025-06-01T00:00:00Z'), at('2026-03-01T00:00:00Z'))).toEqual(at('2026-01-01T00:00:00Z'));
    expect(dueTick(yearly, at('2026-01-01T00:00:00Z'), at('2026-03-01T00:00:00Z'))).toBeNull();
  });
});
