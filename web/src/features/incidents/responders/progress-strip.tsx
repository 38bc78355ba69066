import { RESPONDER_PROGRESS_STEPS } from '@pharos/core';
import { Check } from 'lucide-react';
import { cn } from '../../../ui/cn';
import { RelativeTime } from '../../../ui/relative-time';
import type { ResponderRow } from './types';

type Progress = Pick<ResponderRow, 'created_at' | 'acknowledge_time' | 'signoff_time' | 'close_time'>;

/** When each step of the strip was reached, null while it is not. */
export function progressTimes(responder: Progress): Record<(typeof RESPONDER_PROGRESS_STEPS)[number], string | null> {
  return {
    Created: responder.created_at,
    Acknowledged: responder.acknowledge_time,
    Resolved: responder.signoff_time,
    Closed: responder.close_time,
  };
}

/** Created, Acknowledged, Resolved, Closed, each marked reached when its timestamp exists (spec 2 §4). */
export function ProgressStrip({ responder }: { responder: Progress }) {
  const times = progressTimes(responder);
  return (
    <ol aria-label="Progress" className="flex gap-1">
      {RESPONDER_PROGRESS_STEPS.map((step) => {
        const time = times[step];
        return (
          <li
            key={step}
            data-state={time ? 'reached' : 'pending'}
            className={cn(
              'flex min-w-0 flex-1 flex-col border-t-4 pt-1 text-xs',
              time ? 'border-success text-fg' : 'border-border text-fg-muted',
            )}
          >
            <span className="flex min-w-0 items-center gap-1" title={step}>
              {time && <Check className="size-3 shrink-0 text-success" aria-hidden="true" />}
              <span className="truncate">{step}</span>
              {!time && <span className="sr-only">(not yet)</span>}
            </span>
            {time && <RelativeTime value={time} className="truncate text-fg-muted" />}
          </li>
        );
      })}
    </ol>
  );
}
