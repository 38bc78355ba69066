import type { PlaybookRunStatus } from '@pharos/core';
import { cn } from '../../../ui/cn';
import { COLOUR_BADGE_CLASSES } from '../../../ui/colour-badge';

type Tone = 'green' | 'red' | 'blue' | 'orange' | 'yellow' | 'gray';

/** The colour of each run and action status: done green, failed red, under way blue, waiting for someone orange. */
export const RUN_STATUS_TONES: Readonly<Record<PlaybookRunStatus, Tone>> = {
  completed: 'green',
  failed: 'red',
  running: 'blue',
  pending: 'blue',
  waiting: 'orange',
  scheduled: 'yellow',
  sleeping: 'yellow',
  cancelled: 'gray',
  skipped: 'gray',
};

const TONE_CLASSES: Record<Tone, string> = {
  ...COLOUR_BADGE_CLASSES,
  blue: 'text-[light-dark(#175cd3,#84caff)] bg-[light-dark(#eff8ff,#102a43)]',
};

/** A run's or action's status in its colour. */
export function RunStatusBadge({ status, className }: { status: PlaybookRunStatus; className?: string }) {
  const tone = RUN_STATUS_TONES[status] ?? 'gray';
  return (
    <span data-tone={tone} className={cn('inline-flex rounded px-1.5 py-0.5 text-xs font-semibold capitalize', TONE_CLASSES[tone], className)}>
      {status}
    </span>
  );
}
