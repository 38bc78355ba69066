import { describe, expect, it } from 'vitest';
import { PushGate, PushGateFull } from './push-gate.js';

function held(): { promise: Promise<void>; release: () => void } {
  let release = () => {};
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('PushGate', () => {
  it('runs at most `running` pushes at once, queues `waiting` more and refuses the rest', async () => {
    const gate = new PushGate(2, 1);
    let active = 0;
    let most = 0;
    const holds = [held(), held(), held()];
    const runs = holds.map((hold, index) =>
      gate.run(async () => {
        active += 1;
        most = Math.max(most, active);
        await hold.promise;
        active -= 1;
        return index;
      }),
    );
    expect(gate.full).toBe(true);
    await expect(gate.run(async () => 'refused')).rejects.toBeInstanceOf(PushGateFull);
    expect(active).toBe(2);
    holds[0]!.release();
    holds[1]!.release();
    holds[2]!.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(most).toBe(2);
    // Once drained it takes work again.
    expect(gate.full).toBe(false);
    expect(await gate.run(async () => 'again')).toBe('again');
  });

  it('frees its slot when the work fails', async () => {
    const gate = new PushGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('deadlock')))).rejects.toThrow('deadlock');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
