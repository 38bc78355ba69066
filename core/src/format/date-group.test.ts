import { describe, expect, it } from 'vitest';
import { dateGroup } from './date-group.js';

// Local-time dates; weeks start on Sunday. 2024-05-15 is a Wednesday, so this week began on 2024-05-12.
const now = new Date(2024, 4, 15, 13, 0);

describe('dateGroup', () => {
  it('is today for the same calendar day', () => {
    expect(dateGroup(new Date(2024, 4, 15, 0, 0), now)).toBe('today');
    expect(dateGroup(new Date(2024, 4, 15, 23, 59), now)).toBe('today');
  });

  it('is this week for earlier days of the week', () => {
    expect(dateGroup(new Date(2024, 4, 14, 23, 59), now)).toBe('this week');
    expect(dateGroup(new Date(2024, 4, 12, 0, 0), now)).toBe('this week');
  });

  it('is this month for earlier weeks of the month', () => {
    expect(dateGroup(new Date(2024, 4, 11, 23, 59), now)).toBe('this month');
    expect(dateGroup(new Date(2024, 4, 1), now)).toBe('this month');
  });

  it('is this year for earlier months, previous year before that', () => {
    expect(dateGroup(new Date(2024, 3, 30), now)).toBe('this year');
    expect(dateGroup(new Date(2024, 0, 1), now)).toBe('this year');
    expect(dateGroup(new Date(2023, 11, 31, 23, 59), now)).toBe('previous year');
    expect(dateGroup(new Date(2019, 5, 1), now)).toBe('previous year');
  });

  it('puts a week spanning two months in this week', () => {
    // Sunday 2024-06-30 to Saturday 2024-07-06.
    expect(dateGroup(new Date(2024, 5, 30), new Date(2024, 6, 2))).toBe('this week');
  });

  it('is null for zero, empty and invalid dates', () => {
    expect(dateGroup('0001-01-01T00:00:00Z', now)).toBeNull();
    expect(dateGroup(null, now)).toBeNull();
    expect(dateGroup('garbage', now)).toBeNull();
  });
});
