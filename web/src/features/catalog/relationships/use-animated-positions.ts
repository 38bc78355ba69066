import { useEffect, useRef, useState } from 'react';
import { interpolatePositions, type Point } from './graph-layout';

/**
 * Positions that glide to `target` over `durationMs` when it changes (nodes and their edges move
 * together); nodes that appear come out of their origin (see interpolatePositions).
 */
export function useAnimatedPositions(
  target: ReadonlyMap<string, Point>,
  durationMs: number,
  origins: ReadonlyMap<string, string>,
): ReadonlyMap<string, Point> {
  const [shown, setShown] = useState<ReadonlyMap<string, Point>>(target);
  const shownRef = useRef<ReadonlyMap<string, Point>>(target);

  useEffect(() => {
    const from = shownRef.current;
    if (from === target) return;
    let frame = 0;
    const started = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - started) / durationMs);
      const next = t >= 1 ? target : interpolatePositions(from, target, t, origins);
      shownRef.current = next;
      setShown(next);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, origins]);

  return shown;
}
