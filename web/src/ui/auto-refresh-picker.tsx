import { isRefreshRateAllowed, REFRESH_RATE_OPTIONS, refreshRateMs, type RefreshRate } from '@pharos/core';
import { Check, ChevronDown, RefreshCw } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { cn } from './cn';
import { useRefreshRate } from './use-refresh-rate';

export interface AutoRefreshPickerProps {
  /** localStorage key the choice is saved under (read the same key with `useRefreshRate`). */
  storageKey: string;
  /** Length of the time range shown, in minutes; long ranges disable the fast rates. */
  rangeMinutes?: number;
  /** Called when the user picks a rate, with its interval in ms (0 for none). */
  onChange?: (rate: RefreshRate, ms: number) => void;
  /** Accessible name. Default 'Auto refresh'. */
  label?: string;
  className?: string;
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-fg outline-none select-none ' +
  'data-[highlighted]:bg-surface-muted data-[disabled]:cursor-not-allowed data-[disabled]:opacity-45';

/**
 * Chooses the auto-refresh rate: None, 15s … 15m. Rates too fast for the time range are disabled,
 * and a chosen one that became disabled falls back to the next allowed one.
 */
export function AutoRefreshPicker({ storageKey, rangeMinutes = 0, onChange, label = 'Auto refresh', className }: AutoRefreshPickerProps) {
  const { rate, setRate } = useRefreshRate(storageKey, rangeMinutes);
  const current = REFRESH_RATE_OPTIONS.find((o) => o.value === rate)?.label ?? 'None';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`${label}: ${current}`}
        className={cn(
          'inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-border-strong bg-surface px-3 text-sm text-fg',
          'hover:bg-surface-muted data-[state=open]:border-accent',
          className,
        )}
      >
        <RefreshCw className={cn('size-4 text-fg-muted', rate !== 'none' && 'text-accent')} aria-hidden="true" />
        <span>{current}</span>
        <ChevronDown className="size-4 text-fg-muted" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-36 rounded-md border border-border bg-surface p-1 text-fg shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">{label}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={rate}
            onValueChange={(next) => {
              const chosen = next as RefreshRate;
              setRate(chosen);
              onChange?.(chosen, refreshRateMs(chosen));
            }}
          >
            {REFRESH_RATE_OPTIONS.map((option) => (
              <DropdownMenu.RadioItem
                key={option.value}
                value={option.value}
                disabled={!isRefreshRateAllowed(rangeMinutes, option.value)}
                className={itemClass}
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-accent" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {option.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
