import { allowedRefreshRate, isRefreshRate, refreshRateMs, type RefreshRate } from '@pharos/core';
import { useLocalStorage } from './use-local-storage';

export interface RefreshRateState {
  /** The rate the user chose (saved). */
  chosen: RefreshRate;
  /** The rate in effect: the chosen one, or the next allowed one for the time range. */
  rate: RefreshRate;
  /** Interval of the rate in effect in milliseconds; 0 for none (use as `refetchInterval || false`). */
  ms: number;
  setRate: (rate: RefreshRate) => void;
}

const parseRate = (stored: unknown): RefreshRate => (typeof stored === 'string' && isRefreshRate(stored) ? stored : 'none');

/**
 * The auto-refresh rate saved under `storageKey`, limited by the length of the time range shown
 * (≥ 60 min: no 15s/30s; ≥ 180 min: no 2m/3m either). The choice itself is kept, so it returns
 * when a shorter range allows it again.
 */
export function useRefreshRate(storageKey: string, rangeMinutes = 0): RefreshRateState {
  const [chosen, setRate] = useLocalStorage(storageKey, parseRate);
  const rate = allowedRefreshRate(rangeMinutes, chosen);
  return { chosen, rate, ms: refreshRateMs(rate), setRate };
}
