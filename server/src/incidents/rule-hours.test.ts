import { describe, expect, it } from 'vitest';
import { minutesOf, withinHours } from './rule-hours.js';

const at = (time: string): Date => new Date(`2026-11-25T${time}:00Z`);

describe('hoursOfOperation', () => {
  it('reads times of day and refuses others', () => {
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('7:05')).toBe(425);
    expect(minutesOf('23:59')).toBe(1439);
    for (const bad of ['24:00', '9', '09:60', 'nine', '']) expect(minutesOf(bad)).toBeUndefined();
  });

  it('holds inside a window (start included, end not), always without windows', () => {
    const office = [{ start: 540, end: 1050, negate: false }];
    expect(withinHours(office, at('09:00'))).toBe(true);
    expect(withinHours(office, at('17:29'))).toBe(true);
    expect(withinHours(office, at('17:30'))).toBe(false);
    expect(withinHours(office, at('08:59'))).toBe(false);
    expect(withinHours([], at('03:00'))).toBe(true);
  });

  it('runs over midnight when the end comes first, and negate holds outside', () => {
    const night = [{ start: 1320, end: 360, negate: false }];
    expect(withinHours(night, at('23:00'))).toBe(true);
    expect(withinHours(night, at('02:00'))).toBe(true);
    expect(withinHours(night, at('12:00'))).toBe(false);
    expect(withinHours([{ ...night[0]!, negate: true }], at('12:00'))).toBe(true);
    expect(withinHours([{ ...night[0]!, negate: true }, { start: 600, end: 660, negate: false }], at('02:00'))).toBe(false);
  });
});
