import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { timeoutSignal } from './timeout-signal.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('timeoutSignal', () => {
  it('still aborts, with a TimeoutError, when only AbortSignal.any holds it and a garbage collection runs', { timeout: 10_000 }, async () => {
    const signal = AbortSignal.any([new AbortController().signal, timeoutSignal(100)]);
    const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    for (let round = 0; round < 3; round++) {
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await aborted;
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
  });
});
