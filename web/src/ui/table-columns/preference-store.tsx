import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { http } from '../../api/http';

/** Where preferences live: the server for the app, anything with the same shape in tests. */
export interface PreferenceBackend {
  load: (key: string) => Promise<unknown>;
  /** null deletes the preference. */
  save: (key: string, value: unknown) => Promise<void>;
}

export const serverPreferences: PreferenceBackend = {
  load: async (key) => (await http.get<{ value: unknown }>(`/api/preferences/${encodeURIComponent(key)}`, { session: 'none' })).value,
  save: async (key, value) => {
    const path = `/api/preferences/${encodeURIComponent(key)}`;
    if (value === null) await http.delete(path, { keepalive: true });
    else await http.put(path, { value }, { keepalive: true });
  },
};

interface Entry {
  loaded: boolean;
  value: unknown;
}

/**
 * The person's preferences as this tab knows them: loaded once per key, changed here at once and
 * written at once. One write per key is on its way at a time; changes made meanwhile (a drag) are
 * folded into the next, which carries the latest value only.
 */
export class PreferenceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly writing = new Set<string>();
  private readonly waiting = new Map<string, unknown>();

  constructor(private readonly backend: PreferenceBackend) {}

  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    this.load(key);
    return () => set.delete(listener);
  }

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: unknown): void {
    this.entries.set(key, { loaded: true, value });
    this.notify(key);
    this.waiting.set(key, value);
    if (!this.writing.has(key)) this.write(key);
  }

  private write(key: string): void {
    const value = this.waiting.get(key);
    this.waiting.delete(key);
    this.writing.add(key);
    this.backend
      .save(key, value)
      // A failed write leaves the change in this tab; the next change tries again.
      .catch(() => undefined)
      .finally(() => {
        this.writing.delete(key);
        if (this.waiting.has(key)) this.write(key);
      });
  }

  /** Drops what is known (another person signs in in this tab); the keys in use load again. */
  forget(): void {
    this.entries.clear();
    this.waiting.clear();
    for (const [key, listeners] of this.listeners) {
      if (listeners.size === 0) continue;
      this.load(key);
      this.notify(key);
    }
  }

  private load(key: string): void {
    if (this.entries.has(key)) return;
    this.entries.set(key, { loaded: false, value: null });
    this.backend.load(key).then(
      (value) => {
        // A change made while loading wins over what was stored before it.
        if (this.entries.get(key)?.loaded) return;
        this.entries.set(key, { loaded: true, value });
        this.notify(key);
      },
      () => {
        if (!this.entries.get(key)?.loaded) this.entries.set(key, { loaded: true, value: null });
        this.notify(key);
      },
    );
  }

  private notify(key: string): void {
    for (const listener of this.listeners.get(key) ?? []) listener();
  }
}

const PreferenceContext = createContext<PreferenceCache | null>(null);

export function PreferenceProvider({ cache, children }: { cache: PreferenceCache; children: ReactNode }) {
  return <PreferenceContext.Provider value={cache}>{children}</PreferenceContext.Provider>;
}

const noSubscription = () => () => undefined;

/**
 * One preference of the person, and a setter. Outside a PreferenceProvider (a component test) the
 * value is null and the setter does nothing; callers keep their own state for the session.
 */
export function usePreference(key: string): { value: unknown; loaded: boolean; remembered: boolean; set: (value: unknown) => void } {
  const cache = useContext(PreferenceContext);
  const subscribe = useCallback((listener: () => void) => (cache ? cache.subscribe(key, listener) : noSubscription()), [cache, key]);
  const entry = useSyncExternalStore(subscribe, () => cache?.get(key));
  const set = useCallback((value: unknown) => cache?.set(key, value), [cache, key]);
  return { value: entry?.value ?? null, loaded: cache === null || entry?.loaded === true, remembered: cache !== null, set };
}
