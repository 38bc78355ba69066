import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;

// One clock for every subscriber, so a table of relative times re-renders once a minute together.
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A newly shown time starts from the present (React re-renders it when the snapshot moved).
  if (Math.abs(Date.now() - now) >= 1000) now = Date.now();
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, MINUTE);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const getSnapshot = () => now;

/** The current time in ms, updated every minute while a component uses it. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
