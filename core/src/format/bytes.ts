/** Sizes in bytes, base 1024 (spec 1 §9). */

export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * '1.5 KB': the largest unit under which the value is at least 1, up to two decimals with trailing
 * zeros dropped; bytes are whole. Values beyond YB stay in YB. Non-finite gives ''.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '';
  if (bytes < 0) return `-${formatBytes(-bytes)}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Rounding may reach 1024 (e.g. 1023.999 KB): move up a unit then.
  let rounded = unit === 0 ? Math.round(value) : Math.round(value * 100) / 100;
  if (rounded >= 1024 && unit < BYTE_UNITS.length - 1) {
    unit += 1;
    rounded = Math.round((rounded / 1024) * 100) / 100;
  }
  return `${rounded} ${BYTE_UNITS[unit]}`;
}
