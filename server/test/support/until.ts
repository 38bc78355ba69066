export interface UntilOptions {
  timeoutMs?: number | undefined;
  /** Wait between reads. */
  intervalMs?: number | undefined;
  /** More to say when giving up (e.g. the state of a queue), after the last value read. */
  detail?: () => Promise<string>;
}

/** Polls `read` until `done` says so, or fails after `timeoutMs` with the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, { timeoutMs = 60_000, intervalMs = 100, detail }: UntilOptions = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}${detail ? `; ${await detail()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
