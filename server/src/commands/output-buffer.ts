import { formatBytes } from './limits.js';

/** The first `keep` bytes of a stream; what comes after is counted and dropped. */
export class OutputBuffer {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  dropped = 0;

  constructor(readonly keep: number) {}

  add(chunk: Buffer): void {
    const room = this.keep - this.kept;
    if (room > 0) {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(part);
      this.kept += part.length;
    }
    this.dropped += Math.max(0, chunk.length - Math.max(0, room));
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }

  /** A line saying what was dropped, or undefined when nothing was. */
  note(stream: string): string | undefined {
    return this.dropped > 0 ? `${stream} was cut at ${formatBytes(this.keep)}: ${formatBytes(this.dropped)} more were dropped` : undefined;
  }
}
