import {
  addRecentAbsoluteRange,
  formatTimestamp,
  MAPPED_TIME_RANGES,
  RECENT_ABSOLUTE_RANGES_MAX,
  RELATIVE_TIME_RANGES,
  type AbsoluteTimeRange,
  type MappedTimeRange,
  type RelativeTimeRange,
  type TimeRangeValue,
} from '@pharos/core';
import { CalendarClock, ChevronDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { FieldMessage } from './field-message';
import { TextInput } from './text-input';
import { useLocalStorage } from './use-local-storage';

export type { TimeRangeValue } from '@pharos/core';

export const DEFAULT_RECENT_RANGES_KEY = 'pharos.timeRange.recentAbsolute';

export interface TimeRangePickerProps {
  value: TimeRangeValue;
  onChange: (value: TimeRangeValue) => void;
  /** Accessible name of the button. Default 'Time range'. */
  label?: string;
  /** localStorage key of the recently used absolute ranges (shared by pickers using the same key). */
  recentStorageKey?: string;
  relativeRanges?: readonly RelativeTimeRange[];
  mappedRanges?: readonly MappedTimeRange[];
  className?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a `datetime-local` input value, in local time. */
export function toDateTimeLocal(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An absolute range from two `datetime-local` values (local time), stored as ISO instants. */
export function absoluteRange(fromLocal: string, toLocal: string): AbsoluteTimeRange | null {
  const from = new Date(fromLocal);
  const to = new Date(toLocal);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
  return {
    type: 'absolute',
    display: `${formatTimestamp(from)} to ${formatTimestamp(to)}`,
    from: from.toISOString(),
    to: to.toISOString(),
  };
}

function isAbsoluteRange(x: unknown): x is AbsoluteTimeRange {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return r.type === 'absolute' && typeof r.display === 'string' && typeof r.from === 'string' && typeof r.to === 'string';
}

function parseRecent(stored: unknown): AbsoluteTimeRange[] {
  return Array.isArray(stored) ? stored.filter(isAbsoluteRange).slice(0, RECENT_ABSOLUTE_RANGES_MAX) : [];
}

function isSame(a: TimeRangeValue, b: TimeRangeValue): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'relative' && b.type === 'relative') return a.range === b.range;
  return a.display === b.display && 'from' in a && 'from' in b && a.from === b.from && a.to === b.to;
}

const optionClass =
  'block w-full cursor-pointer rounded px-2 py-1 text-left text-sm text-fg hover:bg-surface-muted ' +
  'aria-pressed:bg-accent/10 aria-pressed:font-medium aria-pressed:text-accent';

function RangeList({
  title,
  ranges,
  value,
  onPick,
}: {
  title: string;
  ranges: readonly TimeRangeValue[];
  value: TimeRangeValue;
  onPick: (range: TimeRangeValue) => void;
}) {
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-1 px-2 text-xs font-semibold tracking-wide text-fg-muted uppercase">{title}</h3>
      <ul className="space-y-0.5">
        {ranges.map((range) => (
          <li key={`${range.type}:${range.display}`}>
            <button type="button" aria-pressed={isSame(range, value)} className={optionClass} onClick={() => onPick(range)}>
              {range.display}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AbsoluteForm({
  value,
  recent,
  onSubmit,
  onPick,
}: {
  value: TimeRangeValue;
  recent: readonly AbsoluteTimeRange[];
  onSubmit: (range: AbsoluteTimeRange) => void;
  onPick: (range: TimeRangeValue) => void;
}) {
  const [from, setFrom] = useState(value.type === 'absolute' ? toDateTimeLocal(value.from) : '');
  const [to, setTo] = useState(value.type === 'absolute' ? toDateTimeLocal(value.to) : '');
  const range = from && to ? absoluteRange(from, to) : null;
  const reversed = range !== null && new Date(range.from) > new Date(range.to);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (range && !reversed) onSubmit(range);
  };
  return (
    <div className="min-w-0 space-y-4">
      <form onSubmit={submit} className="space-y-2.5" aria-label="Absolute time range">
        <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">Absolute time range</h3>
        <TextInput label="From" type="datetime-local" value={from} onChange={(event) => setFrom(event.target.value)} />
        <TextInput
          label="To"
          type="datetime-local"
          value={to}
          invalid={reversed}
          onChange={(event) => setTo(event.target.value)}
          messages={reversed && <FieldMessage tone="error">The end is before the start</FieldMessage>}
        />
        <Button type="submit" size="sm" disabled={!range || reversed}>
          Submit
        </Button>
      </form>
      {recent.length > 0 && <RangeList title="Recently used absolute ranges" ranges={recent} value={value} onPick={onPick} />}
    </div>
  );
}

/**
 * Chooses a time range: relative (last 5 minutes … 5 years), mapped (yesterday, this week so far …)
 * or absolute (from/to). Submitted absolute ranges are remembered, latest five first.
 */
export function TimeRangePicker({
  value,
  onChange,
  label = 'Time range',
  recentStorageKey = DEFAULT_RECENT_RANGES_KEY,
  relativeRanges = RELATIVE_TIME_RANGES,
  mappedRanges = MAPPED_TIME_RANGES,
  className,
}: TimeRangePickerProps) {
  const [open, setOpen] = useState(false);
  const [recent, setRecent] = useLocalStorage(recentStorageKey, parseRecent);

  const hasMapped = mappedRanges.length > 0;
  const pick = (range: TimeRangeValue) => {
    setOpen(false);
    if (range.type === 'absolute') setRecent(addRecentAbsoluteRange(recent, range));
    if (!isSame(range, value)) onChange(range);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={`${label}: ${value.display}`}
        className={cn(
          'inline-flex h-9 max-w-full cursor-pointer items-center gap-2 rounded-md border border-border-strong bg-surface px-3 text-sm text-fg',
          'hover:bg-surface-muted data-[state=open]:border-accent',
          className,
        )}
      >
        <CalendarClock className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />
        <span className="truncate">{value.display}</span>
        <ChevronDown className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label={label}
          className={cn(
            'z-50 grid max-h-[80vh] grid-cols-1 gap-5 overflow-auto rounded-lg border border-border bg-surface p-4 text-fg shadow-lg focus:outline-none',
            hasMapped ? 'w-[min(44rem,calc(100vw-2rem))] sm:grid-cols-3' : 'w-[min(30rem,calc(100vw-2rem))] sm:grid-cols-2',
          )}
        >
          <AbsoluteForm value={value} recent={recent} onSubmit={pick} onPick={pick} />
          <RangeList title="Relative time ranges" ranges={relativeRanges} value={value} onPick={pick} />
          {hasMapped && <RangeList title="Mapped time ranges" ranges={mappedRanges} value={value} onPick={pick} />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
