/**
 * Times in log lines: `RFC3339` (anything ISO 8601-like Date.parse reads), `unix` (seconds, maybe
 * fractional), `unix_ms`, or a layout of tokens `YYYY MM DD HH mm ss SSS Z` (e.g. `DD/MM/YYYY
 * HH:mm:ss`); a layout without `Z` is read as UTC.
 */

const TOKENS: readonly [string, string][] = [
  ['YYYY', '(?<year>\\d{4})'],
  ['SSS', '(?<fraction>\\d{1,9})'],
  ['MM', '(?<month>\\d{1,2})'],
  ['DD', '(?<day>\\d{1,2})'],
  ['HH', '(?<hour>\\d{1,2})'],
  ['mm', '(?<minute>\\d{1,2})'],
  ['ss', '(?<second>\\d{1,2})'],
  ['Z', '(?<zone>Z|[+-]\\d{2}:?\\d{2})'],
];

const compiled = new Map<string, RegExp | null>();

function layoutPattern(layout: string): RegExp | null {
  if (compiled.has(layout)) return compiled.get(layout)!;
  let source = '';
  let rest = layout;
  let found = 0;
  while (rest.length > 0) {
    const token = TOKENS.find(([name]) => rest.startsWith(name));
    if (token) {
      source += token[1];
      rest = rest.slice(token[0].length);
      found++;
    } else {
      source += rest[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      rest = rest.slice(1);
    }
  }
  const pattern = found > 0 && /YYYY/.test(layout) ? new RegExp(`^${source}$`) : null;
  compiled.set(layout, pattern);
  return pattern;
}

export function isTimestampLayout(layout: string): boolean {
  return layout === 'RFC3339' || layout === 'unix' || layout === 'unix_ms' || layoutPattern(layout) !== null;
}

function fromParts(groups: Record<string, string | undefined>): number {
  const fraction = (groups['fraction'] ?? '0').padEnd(3, '0').slice(0, 3);
  const utc = Date.UTC(
    Number(groups['year']),
    Number(groups['month'] ?? 1) - 1,
    Number(groups['day'] ?? 1),
    Number(groups['hour'] ?? 0),
    Number(groups['minute'] ?? 0),
    Number(groups['second'] ?? 0),
    Number(fraction),
  );
  const zone = groups['zone'];
  if (!zone || zone === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}

/** Milliseconds since the epoch of `value` in `layout`, or NaN when it is not such a time. */
export function parseTimestamp(value: unknown, layout: string): number {
  if (typeof value === 'number') return layout === 'unix' ? value * 1000 : layout === 'unix_ms' ? value : value > 1e11 ? value : value * 1000;
  if (typeof value !== 'string' || value === '') return NaN;
  if (layout === 'RFC3339') return Date.parse(value);
  if (layout === 'unix' || layout === 'unix_ms') {
    const number = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    return layout === 'unix' ? number * 1000 : number;
  }
  const match = layoutPattern(layout)?.exec(value);
  return match?.groups ? fromParts(match.groups) : NaN;
}
