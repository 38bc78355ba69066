/** Schedule presets and notification repeat intervals (spec 3 §5, §9). */

/** Schedule choices of the health-check forms. */
export const HEALTH_CHECK_SCHEDULES = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

/** Every schedule preset, shortest first ('every 2h to 8h' read as each hour from 2 to 8). */
export const SCHEDULE_PRESETS = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 15m',
  '@every 30m',
  '@hourly',
  '@every 2h',
  '@every 3h',
  '@every 4h',
  '@every 5h',
  '@every 6h',
  '@every 7h',
  '@every 8h',
  '@daily',
  '@weekly',
] as const;
export type SchedulePreset = (typeof SCHEDULE_PRESETS)[number];

// The spec names the short, medium and default sets without listing them; these cuts are ours.
export const SCHEDULE_PRESET_SETS: Readonly<Record<'short' | 'medium' | 'default', readonly SchedulePreset[]>> = {
  short: ['@every 30s', '@every 1m', '@every 5m', '@every 15m', '@every 30m'],
  medium: ['@every 5m', '@every 15m', '@every 30m', '@hourly', '@every 2h', '@every 4h', '@every 6h', '@every 8h'],
  default: SCHEDULE_PRESETS,
};

export const KUBERNETES_SCRAPER_SCHEDULE = { set: 'medium', default: '@every 30m' } as const;
export const DEFAULT_MAX_IN_FLIGHT = 64;

/** Notification repeat intervals, as listed by the spec ('1m' comes after '1w'). */
export const REPEAT_INTERVALS = ['1h', '2h', '3h', '6h', '1d', '1w', '1m'] as const;
export type RepeatInterval = (typeof REPEAT_INTERVALS)[number];
