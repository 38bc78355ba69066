import { open, stat, type FileHandle } from 'node:fs/promises';
import { glob } from 'tinyglobby';
import { decodePage, encodePage } from '../cursor.js';
import { allowedLogDirs, checkAllowed } from './allowed.js';
import type { FileSpec } from '../spec.js';
import { BackendError, PageError, type LogPage, type LogSearch, type LogSource } from '../types.js';
import { entryFilter, fileEntries, type FileEntry } from './entries.js';
import { lineParser } from './lines.js';
import { offsetAfterTime } from './seek.js';

/** A file of the search and how far back it is still to be read (`end`, in bytes). */
interface FileState {
  path: string;
  ino: number;
  end: number;
}

/** Compressed rotations cannot be read backwards: left out. */
const COMPRESSED = /\.(gz|bz2|xz|zst|zip)$/;

/** The files the paths and globs name, newest (by modification time) first, leaving out those last written before `start`. */
async function currentFiles(spec: FileSpec, start: number): Promise<(FileState & { mtime: number })[]> {
  const paths = await glob(spec.paths, { absolute: true, onlyFiles: true, expandDirectories: false, followSymbolicLinks: true });
  const files = await Promise.all(
    paths
      .filter((path) => !COMPRESSED.test(path))
      .map(async (path) => {
        const stats = await stat(path).catch(() => undefined);
        return stats?.isFile() ? { path, ino: stats.ino, end: stats.size, mtime: stats.mtimeMs } : undefined;
      }),
  );
  return files
    .filter((file): file is FileState & { mtime: number } => file !== undefined && file.mtime >= start)
    .sort((a, b) => b.mtime - a.mtime || a.path.localeCompare(b.path));
}

function decodeFiles(token: string): FileState[] {
  const files = decodePage('file', token)['files'];
  const valid = Array.isArray(files) && files.every((file: unknown) => Array.isArray(file) && typeof file[0] === 'string' && typeof file[1] === 'number' && typeof file[2] === 'number');
  if (!valid) throw new PageError('page is not a nextPage of this log search: start again without page');
  return (files as [string, number, number][]).map(([path, ino, end]) => ({ path, ino, end }));
}

/**
 * The files of a previous page where they are now: a rotated file is found again by its inode under
 * its new name. Files that appeared since hold newer lines than the first page and are left out.
 */
async function filesOfPage(spec: FileSpec, token: string, start: number): Promise<FileState[]> {
  const previous = decodeFiles(token);
  const now = await currentFiles(spec, start);
  const byIno = new Map(now.map((file) => [file.ino, file]));
  return previous.flatMap((file) => {
    if (file.end === 0) return [];
    const found = byIno.get(file.ino);
    return found && found.end >= file.end ? [{ path: found.path, ino: file.ino, end: file.end }] : [];
  });
}

interface Reader {
  state: FileState;
  entries: AsyncGenerator<FileEntry>;
  head: FileEntry | undefined;
}

/** Log files on the server: every file the paths and globs name, merged newest first. */
export class FileLogSource implements LogSource {
  constructor(private readonly spec: FileSpec) {}

  async search(search: LogSearch, signal: AbortSignal): Promise<LogPage> {
    const start = search.start.getTime();
    const files: (FileState & { mtime?: number })[] = search.page ? await filesOfPage(this.spec, search.page, start) : await currentFiles(this.spec, start);
    const dirs = allowedLogDirs();
    for (const file of files) await checkAllowed(file.path, dirs);
    const parse = lineParser(this.spec);
    const filter = entryFilter(search);
    const handles: FileHandle[] = [];
    try {
      const readers: Reader[] = [];
      for (const state of files) {
        const handle = await open(state.path, 'r').catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw new BackendError(`cannot read ${state.path}: ${error.message}`);
        });
        if (!handle) continue;
        handles.push(handle);
        // A first page ending before the file was last written starts where the range ends.
        const end = state.mtime !== undefined && filter.end < state.mtime ? await offsetAfterTime(handle, state.end, filter.end, parse) : state.end;
        readers.push({ state: { ...state, end }, entries: fileEntries(handle, end, parse, filter, signal), head: undefined });
      }
      await Promise.all(readers.map(async (reader) => advance(reader)));
      const results: FileEntry[] = [];
      while (results.length < search.limit) {
        let newest: Reader | undefined;
        for (const reader of readers) if (reader.head && (!newest || reader.head.time > newest.head!.time)) newest = reader;
        if (!newest) break;
        results.push(newest.head!);
        newest.state.end = newest.head!.offset;
        if (results.length < search.limit) await advance(newest);
      }
      const page: LogPage = { results: results.map(({ time, message, labels }) => ({ timestamp: new Date(time).toISOString(), message, labels })) };
      if (results.length === search.limit) page.nextPage = encodePage('file', { files: readers.map(({ state }) => [state.path, state.ino, state.end]) });
      return page;
    } finally {
      await Promise.all(handles.map((handle) => handle.close().catch(() => undefined)));
    }
  }
}

/** The reader's next entry; a reader with none left is read no more (its `end` becomes 0). */
async function advance(reader: Reader): Promise<void> {
  const next = await reader.entries.next();
  reader.head = next.done ? undefined : next.value;
  if (next.done) reader.state.end = 0;
}
