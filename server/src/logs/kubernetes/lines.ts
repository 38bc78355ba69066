/** A container's log line as read with `timestamps=true`: its time in nanoseconds since the epoch. */
export interface PodLine {
  ns: bigint;
  message: string;
  labels: Record<string, string>;
  /** Its place in its container's log, to keep lines of one nanosecond in a stable order. */
  index: number;
}

const STAMPED = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d) (.*)$/s;

/** Nanoseconds since the epoch of an RFC 3339 time with up to nine digits of fraction. */
export function nanosecondsOf(time: string): bigint | undefined {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(time);
  if (!match) return undefined;
  const ms = Date.parse(`${match[1]}${match[3]}`);
  return Number.isNaN(ms) ? undefined : BigInt(ms) * 1_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

export const nanosecondsOfDate = (time: Date): bigint => BigInt(time.getTime()) * 1_000_000n;

/**
 * The lines of a log read with `timestamps=true`, each `time message`; a line without a time (a
 * container's log can hold a partial line) takes the time of the line before it.
 */
export function parsePodLog(text: string, labels: Record<string, string>): PodLine[] {
  const lines: PodLine[] = [];
  let previous = 0n;
  for (const raw of text.split('\n')) {
    if (raw === '') continue;
    const match = STAMPED.exec(raw);
    const ns = match ? nanosecondsOf(`${match[1]}${match[2] ? `.${match[2]}` : ''}${match[3]}`) : undefined;
    if (ns !== undefined) previous = ns;
    lines.push({ ns: ns ?? previous, message: ns !== undefined ? match![4]! : raw, labels, index: lines.length });
  }
  return lines;
}

/** Newest first; lines of one nanosecond by pod and container, then later written first. */
export function newestFirst(a: PodLine, b: PodLine): number {
  if (a.ns !== b.ns) return a.ns > b.ns ? -1 : 1;
  const where = `${a.labels['namespace']}/${a.labels['pod']}/${a.labels['container']}`.localeCompare(`${b.labels['namespace']}/${b.labels['pod']}/${b.labels['container']}`);
  return where !== 0 ? where : b.index - a.index;
}

/** An ISO time with milliseconds, as every backend answers (a Date holds no finer time). */
export const isoOf = (ns: bigint): string => new Date(Number(ns / 1_000_000n)).toISOString();
