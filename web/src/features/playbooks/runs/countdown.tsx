import { useEffect, useState } from 'react';
import { formatCountdown } from './run-steps';

/** The time until `at`, counting down every second: 'in 2m 05s', then 'due'. */
export function Countdown({ at }: { at: string }) {
  const target = Date.parse(at);
  const [now, setNow] = useState(() => Date.now());
  const left = target - now;
  const counting = left > 0;
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  if (Number.isNaN(target)) return null;
  return (
    <span className="tabular-nums" title={new Date(target).toLocaleString()}>
      {left > 0 ? `in ${formatCountdown(left)}` : 'due'}
    </span>
  );
}
