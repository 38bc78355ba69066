import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { CommandRun } from './types.js';

/**
 * Reads a file a run wrote: a regular file (not a link) owned by the run's user, so a command cannot
 * make Pharos read a file of Pharos's for it. Answers at most `maxBytes` bytes and the file's size.
 */
export async function readRunFile(run: CommandRun, file: string, maxBytes: number): Promise<{ bytes: Buffer; size: number }> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`${file} is not a regular file`);
    if (run.user && info.uid !== run.user.uid) throw new Error(`${file} was not written by the command`);
    const buffer = Buffer.alloc(Math.min(info.size, maxBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { bytes: buffer.subarray(0, bytesRead), size: info.size };
  } finally {
    await handle.close();
  }
}
