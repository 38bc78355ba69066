import { useCallback, useSyncExternalStore } from 'react';

type Listener = () => void;

/** Listeners per key, so every hook reading a key in this tab re-renders when another one writes it. */
const listeners = new Map<string, Set<Listener>>();

function notify(key: string): void {
  for (const listener of listeners.get(key) ?? []) listener();
}

function subscribe(key: string, listener: Listener): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  // Writes from other tabs arrive as storage events.
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy mode, quota, sandboxed frames).
    return null;
  }
}

/** Writes a JSON value under a key (null removes it) and tells the hooks reading that key. */
export function writeLocalStorage(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not persisted; the value simply does not survive a reload.
  }
  notify(key);
}

/** Reads and parses the JSON value of a key; null when absent or unreadable. */
export function readLocalStorage(key: string): unknown {
  const raw = readRaw(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/**
 * A JSON value kept in localStorage under `key`. `parse` turns the stored value (unknown, it may be
 * stale or hand-edited) into a valid one, falling back to a default. Hooks sharing a key stay in step.
 */
export function useLocalStorage<T>(key: string, parse: (stored: unknown) => T): [T, (value: T) => void] {
  const raw = useSyncExternalStore(
    useCallback((listener: Listener) => subscribe(key, listener), [key]),
    () => readRaw(key),
    () => null,
  );
  let stored: unknown = null;
  if (raw !== null) {
    try {
      stored = JSON.parse(raw) as unknown;
    } catch {
      stored = null;
    }
  }
  const value = parse(stored);
  const setValue = useCallback((next: T) => writeLocalStorage(key, next), [key]);
  return [value, setValue];
}
