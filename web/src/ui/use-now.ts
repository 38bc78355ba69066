import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;

interface Clock {
  now: number;
  timer: ReturnType<typeof setInterval> | null;
  listeners: Set<() => void>;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => number;
}

// One clock per interval for every subscriber, so a table of relative times re-renders together.
const clocks = new Map<number, Clock>();

function clockOf(interval: number): Clock {
  const existing = clocks.get(interval);
  if (existing) return existing;
  const clock: Clock = {
    now: Date.now(),
    timer: null,
    listeners: new Set(),
    subscribe: (listener) => {
      clock.listeners.add(listener);
      // A newly shown time starts from the present (React re-renders it when the snapshot moved).
      if (Math.abs(Date.now() - clock.now) >= 1000) clock.now = Date.now();
      if (!clock.timer) {
        clock.timer = setInterval(() => {
          clock.now = Date.now();
          for (const l of clock.listeners) l();
        }, interval);
      }
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size === 0 && clock.timer) {
          clearInterval(clock.timer);
          clock.timer = null;
        }
      };
    },
    getSnapshot: () => clock.now,
  };
  clocks.set(interval, clock);
  return clock;
}

/** The current time in ms, updated every `interval` ms (a minute by default) while a component uses it. */
export function useNow(interval: number = MINUTE): number {
  const clock = clockOf(interval);
  return useSyncExternalStore(clock.subscribe, clock.getSnapshot, clock.getSnapshot);
}
