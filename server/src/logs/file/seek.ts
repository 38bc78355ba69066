import type { FileHandle } from 'node:fs/promises';
import type { ParsedLine } from './lines.js';

const PROBE_BYTES = 64 * 1024;
const MAX_PROBES = 64;

/** The first entry starting at or after `from`: its offset and time, if a probe finds one. */
async function headAfter(handle: FileHandle, from: number, parse: (line: string) => ParsedLine): Promise<{ offset: number; time: number } | undefined> {
  const bytes = Buffer.allocUnsafe(PROBE_BYTES);
  const { bytesRead } = await handle.read(bytes, 0, PROBE_BYTES, from);
  // The probe may start inside a line: the first whole line starts after its first newline.
  let start = from === 0 ? 0 : bytes.indexOf(0x0a) + 1;
  if (start === 0 && from !== 0) return undefined;
  while (start < bytesRead) {
    const newline = bytes.indexOf(0x0a, start);
    if (newline === -1 || newline >= bytesRead) return undefined;
    const parsed = parse(bytes.toString('utf8', start, newline));
    if (typeof parsed === 'object') return { offset: from + start, time: parsed.time };
    start = newline + 1;
  }
  return undefined;
}

/**
 * Where reading backwards must start for entries up to `end` (ms): a binary search over the
 * file's entries (in time order), so that a time range far back does not read everything after
 * it. The offset returned is the start of an entry newer than `end`, or `size`.
 */
export async function offsetAfterTime(handle: FileHandle, size: number, end: number, parse: (line: string) => ParsedLine): Promise<number> {
  let low = 0;
  let high = size;
  for (let probe = 0; probe < MAX_PROBES && high - low > PROBE_BYTES; probe++) {
    const middle = Math.floor((low + high) / 2);
    const head = await headAfter(handle, middle, parse);
    if (!head || head.offset >= high) return high;
    if (head.time > end) high = head.offset;
    else low = head.offset + 1;
  }
  return high;
}
