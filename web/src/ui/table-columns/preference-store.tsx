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
    if (value === null) await http.delete(`/api/preferences/${encodeURIComponent(key)}`);
    else await http.put(`/api/preferences/${encodeURIComponent(key)}`, { value });
  },
};

/** Writes to the backend follow a change after this pause, so a drag or held arrow key sends one request, not dozens. */
const SAVE_DELAY_MS = 300;

interface Entry {
  loaded: boolean;
  value: unknown;
}

/**
 * The person's preferences as this tab knows them: loaded once per key, changed here at once, written
 * to the backend shortly after.
 */
export class PreferenceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

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
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        // A failed write leaves the change in this tab; the next change tries again.
        this.backend.save(key, value).catch(() => undefined);
      }, SAVE_DELAY_MS),
    );
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
