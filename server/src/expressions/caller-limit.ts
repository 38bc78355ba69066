import { ExpressionBusy } from './errors.js';

/** What one person's interactive evaluations may take of the shared preview capacity. */
export const TOO_MANY_PREVIEWS = 'Too many expression previews at once; wait for the ones running to finish';

/**
 * Counts each caller's evaluations that run or wait, and refuses one more past the limit, so that
 * one person (or a script with their token) cannot fill the queue everybody's previews share.
 */
export class CallerLimit {
  private readonly active = new Map<string, number>();

  constructor(private readonly perCaller: number) {}

  async run<T>(caller: string, work: () => Promise<T>): Promise<T> {
    const count = this.active.get(caller) ?? 0;
    if (count >= this.perCaller) throw new ExpressionBusy(TOO_MANY_PREVIEWS);
    this.active.set(caller, count + 1);
    try {
      return await work();
    } finally {
      const left = (this.active.get(caller) ?? 1) - 1;
      if (left === 0) this.active.delete(caller);
      else this.active.set(caller, left);
    }
  }
}
