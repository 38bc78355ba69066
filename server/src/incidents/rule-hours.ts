/** A window of the day a rule opens incidents in (mission-control's hoursOfOperation), in minutes of the UTC day. */
export interface HoursWindow {
  start: number;
  end: number;
  /** The window holds outside start–end instead. */
  negate: boolean;
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Minutes into the day of `HH:MM` (24-hour), or undefined. */
export function minutesOf(text: string): number | undefined {
  const match = TIME.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

function inside(window: HoursWindow, minute: number): boolean {
  // A window whose end comes before its start runs over midnight (22:00–06:00).
  const within = window.start <= window.end ? minute >= window.start && minute < window.end : minute >= window.start || minute < window.end;
  return window.negate ? !within : within;
}

/** Whether `now` falls in any of the windows; a rule without windows always does. */
export function withinHours(windows: readonly HoursWindow[], now: Date): boolean {
  if (windows.length === 0) return true;
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  return windows.some((window) => inside(window, minute));
}
