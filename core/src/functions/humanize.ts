/** Durations, sizes and versions as gomplate's strings namespace prints them. */
import semver from 'semver';

const SECOND = 1_000_000_000n;
const MINUTE = 60n * SECOND;
const HOUR = 60n * MINUTE;
const DAY = 24n * HOUR;
const WEEK = 7n * DAY;

function fraction(nanos: bigint, digits: number): string {
  const text = nanos.toString().padStart(digits, '0').replace(/0+$/, '');
  return text ? `.${text}` : '';
}

/**
 * gomplate's HumanDuration of a number of nanoseconds: `1h30m`, `3d2h6m` past a day, `4w3d2h` past
 * a week, units of zero left out (`1h`, not `1h0m0s`).
 */
export function humanDuration(nanoseconds: bigint): string {
  if (nanoseconds === 0n) return '0s';
  const sign = nanoseconds < 0n ? '-' : '';
  const u = nanoseconds < 0n ? -nanoseconds : nanoseconds;
  if (u < SECOND) {
    if (u < 1000n) return `${sign}${u}ns`;
    if (u < 1_000_000n) return `${sign}${u / 1000n}${fraction(u % 1000n, 3)}µs`;
    return `${sign}${u / 1_000_000n}${fraction(u % 1_000_000n, 6)}ms`;
  }
  const parts: [bigint | string, string][] =
    u > WEEK
      ? [[u / WEEK, 'w'], [(u % WEEK) / DAY, 'd'], [(u % DAY) / HOUR, 'h']]
      : u > DAY
        ? [[u / DAY, 'd'], [(u % DAY) / HOUR, 'h'], [(u % HOUR) / MINUTE, 'm']]
        : [[u / HOUR, 'h'], [(u % HOUR) / MINUTE, 'm'], [`${(u % MINUTE) / SECOND}${fraction(u % SECOND, 9)}`, 's']];
  return sign + parts.map(([amount, unit]) => (amount === 0n || amount === '0' ? '' : `${amount}${unit}`)).join('');
}

const BYTE_UNITS: [bigint, string][] = [
  [1n << 60n, 'E'],
  [1n << 50n, 'P'],
  [1n << 40n, 'T'],
  [1n << 30n, 'G'],
  [1n << 20n, 'M'],
  [1n << 10n, 'K'],
  [1n, 'B'],
];

/** gomplate's HumanBytes (binary units, one decimal, `.0` dropped): 1024 → `1K`, 1536 → `1.5K`, 0 → `0B`. */
export function humanBytes(size: unknown): string {
  let bytes: bigint;
  if (typeof size === 'bigint') bytes = size;
  else if (typeof size === 'number') bytes = BigInt(Math.trunc(size));
  else if (typeof size === 'string' && /^\d+$/.test(size)) bytes = BigInt(size);
  else return 'NaN';
  if (bytes < 0n) bytes = 0n;
  if (bytes === 0n) return '0B';
  const [divisor, unit] = BYTE_UNITS.find(([limit]) => bytes >= limit)!;
  return `${(Number(bytes) / Number(divisor)).toFixed(1).replace(/\.0$/, '')}${unit}`;
}

export interface SemverParts {
  major: number;
  minor: number;
  patch: number;
  prerelease: string;
  metadata: string;
  original: string;
}

/** Masterminds' NewVersion, loosely: `v1.2`, `1.2.3-alpha+meta`; throws for what is not a version. */
export function parseSemver(version: string): SemverParts {
  const parsed = semver.coerce(version, { loose: true, includePrerelease: true });
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/.exec(version.trim());
  if (!parsed || !match) throw new Error('Invalid Semantic Version');
  return { major: Number(match[1]), minor: Number(match[2] ?? 0), patch: Number(match[3] ?? 0), prerelease: match[4] ?? '', metadata: match[5] ?? '', original: version };
}

/** Masterminds' constraint check: `SemverCompare(">=1.2.0", "1.3.0")`; a bare version means equal to it. */
export function semverSatisfies(constraint: string, version: string): boolean {
  const parts = parseSemver(version);
  const normal = `${parts.major}.${parts.minor}.${parts.patch}${parts.prerelease ? `-${parts.prerelease}` : ''}`;
  const range = constraint.replace(/,/g, ' ');
  if (semver.validRange(range, { loose: true }) === null) throw new Error(`improper constraint: ${constraint}`);
  return semver.satisfies(normal, range, { loose: true, includePrerelease: parts.prerelease !== '' });
}
