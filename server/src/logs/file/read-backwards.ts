import type { FileHandle } from 'node:fs/promises';

export const CHUNK_BYTES = 256 * 1024;
/** A longer line is cut to its last this many bytes (a runaway line must not hold the whole file in memory). */
export const MAX_LINE_BYTES = 1024 * 1024;

/** Whole lines of a file, `offset` being where `bytes` starts in it. */
export interface Chunk {
  bytes: Buffer;
  offset: number;
}

/**
 * The lines of a file before `end`, read backwards in chunks: each chunk holds whole lines only
 * (the partial first line waits for the chunk before it), the last chunk yielded is the file's
 * beginning. Stops between chunks when `signal` aborts.
 */
export async function* chunksBackwards(handle: FileHandle, end: number, signal: AbortSignal, chunkBytes = CHUNK_BYTES): AsyncGenerator<Chunk> {
  let position = end;
  let carry: Buffer = Buffer.alloc(0);
  while (position > 0) {
    signal.throwIfAborted();
    const size = Math.min(chunkBytes, position);
    position -= size;
    const bytes = Buffer.allocUnsafe(size + carry.length);
    const { bytesRead } = await handle.read(bytes, 0, size, position);
    if (bytesRead < size) bytes.fill(0x0a, bytesRead, size); // truncated under us: read as empty lines
    carry.copy(bytes, size);
    if (position === 0) {
      yield { bytes, offset: 0 };
      return;
    }
    const newline = bytes.indexOf(0x0a);
    if (newline === -1) {
      carry = bytes.length > MAX_LINE_BYTES ? bytes.subarray(bytes.length - MAX_LINE_BYTES) : bytes;
      continue;
    }
    carry = bytes.subarray(0, newline);
    if (carry.length > MAX_LINE_BYTES) carry = carry.subarray(carry.length - MAX_LINE_BYTES);
    if (newline + 1 < bytes.length) yield { bytes: bytes.subarray(newline + 1), offset: position + newline + 1 };
  }
}
