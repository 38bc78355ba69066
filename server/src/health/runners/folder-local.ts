import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { FolderEntry } from './folder-measure.js';

/** Modes as `ls -l` prints them, from the stat bits. */
export function modeString(mode: number, isDir: boolean): string {
  const bits = 'rwxrwxrwx';
  return (isDir ? 'd' : '-') + [...bits].map((char, index) => ((mode >> (8 - index)) & 1 ? char : '-')).join('');
}

/**
 * The entries of a folder on the Pharos server (its subfolders' too when recursive, named by their
 * path under it), and the space left on its file system. A folder that does not exist is empty.
 */
export async function listLocalFolder(folder: string, recursive: boolean): Promise<{ entries: FolderEntry[]; availableSize: number }> {
  const entries: FolderEntry[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && prefix === '') return;
      throw error;
    }
    for (const name of names) {
      const info = await stat(path.join(dir, name)).catch(() => undefined);
      if (!info) continue;
      const entry: FolderEntry = { name: prefix + name, size: info.size, modified: info.mtime, isDir: info.isDirectory(), mode: modeString(info.mode, info.isDirectory()) };
      if (entry.isDir && recursive) await walk(path.join(dir, name), `${entry.name}/`);
      else entries.push(entry);
    }
  };
  await walk(folder, '');
  const fs = await statfs(folder).catch(() => undefined);
  return { entries, availableSize: fs ? fs.bavail * fs.bsize : -1 };
}
