import { ChevronDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { cn } from './cn';

export interface FilterTriggerProps {
  /** Name of the filter, shown before the summary. */
  label: string;
  summary: string;
  disabled?: boolean;
  /** Classes of the summary text, e.g. its maximum width. */
  summaryClassName?: string;
  className?: string;
}

/** The button that opens a filter's popover: 'Label: summary ▾', named '{label}: {summary}'. */
export function FilterTrigger({ label, summary, disabled, summaryClassName, className }: FilterTriggerProps) {
  return (
    <Popover.Trigger
      disabled={disabled}
      aria-label={`${label}: ${summary}`}
      className={cn(
        'inline-flex h-9 max-w-full min-w-0 cursor-pointer items-center gap-2 rounded-md border border-border-strong bg-surface px-3 text-sm',
        'text-fg hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60 data-[state=open]:border-accent',
        className,
      )}
    >
      <span className="shrink-0 text-fg-muted">{label}:</span>
      <span className={cn('min-w-0 truncate', summaryClassName)}>{summary}</span>
      <ChevronDown className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />
    </Popover.Trigger>
  );
}
