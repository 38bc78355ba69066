import { useCallback, useEffect, useRef } from 'react';

/**
 * Collects changes and saves them once they pause for `delay` ms (merged, last value wins);
 * `flush` saves at once. Pending changes are saved when the component goes away.
 */
export function useDebouncedSave<T extends object>(save: (changes: T) => void, delay: number) {
  const pending = useRef<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const changes = pending.current;
    pending.current = null;
    if (changes) saveRef.current(changes);
  }, []);

  const schedule = useCallback(
    (changes: T) => {
      pending.current = { ...(pending.current ?? {}), ...changes } as T;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [flush, delay],
  );

  useEffect(() => flush, [flush]);

  return { schedule, flush };
}
