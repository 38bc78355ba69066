import type { FileHandle } from 'node:fs/promises';
import type { LogSearch } from '../types.js';
import type { EntryHead, ParsedLine } from './lines.js';
import { chunksBackwards } from './read-backwards.js';

/** An entry of a file that matches the search, with where its first line starts. */
export interface FileEntry extends EntryHead {
  offset: number;
}

export interface EntryFilter {
  /** Lower-cased query; empty matches every message. */
  needle: string;
  labels: Record<string, string>;
  start: number;
  end: number;
}

export function entryFilter(search: LogSearch): EntryFilter {
  return { needle: search.query.toLowerCase(), labels: search.labels, start: search.start.getTime(), end: search.end.getTime() };
}

/**
 * Whether a chunk may hold the (lower-cased) needle anywhere. Characters without case (digits,
 * spaces, punctuation) are the same bytes in any line that matches: a run of three or more of them
 * is looked for first, as bytes, which passes over most chunks without decoding them.
 */
function chunkTest(needle: string): (bytes: Buffer) => boolean {
  const anchor = (needle.match(/[\x20-\x40\x5b-\x60\x7b-\x7e]{3,}/g) ?? []).reduce((longest, run) => (run.length > longest.length ? run : longest), '');
  const bytesOfAnchor = anchor ? Buffer.from(anchor, 'latin1') : undefined;
  return (bytes) => (!bytesOfAnchor || bytes.indexOf(bytesOfAnchor) !== -1) && bytes.toString('utf8').toLowerCase().includes(needle);
}

function matches(entry: EntryHead, filter: EntryFilter): boolean {
  for (const [name, value] of Object.entries(filter.labels)) if (entry.labels[name] !== value) return false;
  return filter.needle === '' || entry.message.toLowerCase().includes(filter.needle);
}

/** Lines of a chunk, first to last, with where each starts. */
function* linesForward(bytes: Buffer, offset: number): Generator<{ text: string; offset: number }> {
  let from = 0;
  while (from <= bytes.length) {
    const newline = bytes.indexOf(0x0a, from);
    const to = newline === -1 ? bytes.length : newline;
    yield { text: bytes.toString('utf8', from, to), offset: offset + from };
    if (newline === -1) return;
    from = newline + 1;
  }
}

/** Lines of a chunk, last to first. */
function* linesBackward(bytes: Buffer, offset: number): Generator<{ text: string; offset: number }> {
  let to = bytes.length;
  while (to >= 0) {
    const newline = to === 0 ? -1 : bytes.lastIndexOf(0x0a, to - 1);
    yield { text: bytes.toString('utf8', newline + 1, to), offset: offset + newline + 1 };
    if (newline === -1) return;
    to = newline;
  }
}

/**
 * The matching entries of one file before `end` bytes, newest first: the file is read backwards
 * and its lines are taken to be in time order, so reading stops at the first entry older than the
 * search's start. A chunk without the query's text (and no entry continuing into it) is passed
 * over after reading its oldest time. Lines without a time join the entry above them.
 */
export async function* fileEntries(handle: FileHandle, end: number, parse: (line: string) => ParsedLine, filter: EntryFilter, signal: AbortSignal): AsyncGenerator<FileEntry> {
  /** Continuation lines met so far (last first) whose entry starts further up. */
  let pending: string[] = [];
  const mayHold = chunkTest(filter.needle);
  for await (const { bytes, offset } of chunksBackwards(handle, end, signal)) {
    if (filter.needle !== '' && pending.length === 0 && !mayHold(bytes)) {
      // Nothing here can match: only the lines continuing an entry of the chunk above, and the oldest time, matter.
      const leading: string[] = [];
      for (const line of linesForward(bytes, offset)) {
        const parsed = parse(line.text);
        if (parsed === 'skip') continue;
        if (parsed === 'continuation') {
          leading.push(line.text);
          continue;
        }
        if (parsed.time < filter.start) return;
        break;
      }
      pending = leading.reverse();
      continue;
    }
    for (const line of linesBackward(bytes, offset)) {
      const parsed = parse(line.text);
      if (parsed === 'skip') continue;
      if (parsed === 'continuation') {
        pending.push(line.text);
        continue;
      }
      const entry: FileEntry = pending.length > 0 ? { ...parsed, message: `${parsed.message}\n${pending.reverse().join('\n')}`, offset: line.offset } : { ...parsed, offset: line.offset };
      pending = [];
      if (entry.time < filter.start) return;
      if (entry.time <= filter.end && matches(entry, filter)) yield entry;
    }
  }
}
