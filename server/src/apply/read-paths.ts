import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { text } from 'node:stream/consumers';
import type { ApplyFile } from './files.js';

/** Files a directory contributes: YAML and JSON, found at any depth, in name order. */
const SPEC_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && SPEC_EXTENSIONS.has(extname(entry.name).toLowerCase()))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * What `-f` names: a file, every spec file of a directory, or `-` for standard input. Paths are
 * made absolute, so that applying again from another folder still finds the same source.
 */
export async function readPaths(paths: readonly string[], stdin: NodeJS.ReadableStream = process.stdin): Promise<ApplyFile[]> {
  const files: ApplyFile[] = [];
  for (const path of paths) {
    if (path === '-') {
      files.push({ text: await text(stdin) });
      continue;
    }
    const absolute = resolve(path);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new Error(`${path}: no such file or directory`);
    const found = info.isDirectory() ? await filesUnder(absolute) : [absolute];
    if (info.isDirectory() && found.length === 0) throw new Error(`${path}: no .yaml, .yml or .json file in this directory`);
    for (const file of found) files.push({ path: file, text: await readFile(file, 'utf8') });
  }
  return files;
}
