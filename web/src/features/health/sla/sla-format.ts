/** Seconds as a person reads a stretch of downtime: 45 s, 12 min, 3.5 h, 2.1 d. */
export function durationText(seconds: number): string {
  const magnitude = Math.abs(seconds);
  const sign = seconds < 0 ? '-' : '';
  if (magnitude < 60) return `${sign}${magnitude} s`;
  if (magnitude < 3_600) return `${sign}${Math.round(magnitude / 60)} min`;
  if (magnitude < 86_400) return `${sign}${(magnitude / 3_600).toFixed(1)} h`;
  return `${sign}${(magnitude / 86_400).toFixed(1)} d`;
}

export function uptimeText(uptime: number | null): string {
  return uptime === null ? '—' : `${uptime.toFixed(3)} %`;
}

/** `2026-03-04 05:00` in UTC, as the report's periods are. */
export function utcText(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')}`;
}
