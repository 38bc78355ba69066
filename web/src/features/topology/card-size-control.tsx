import { CARD_SIZES, CARD_WIDTH_SLIDER, CARD_WIDTHS, type CardSize } from '@pharos/core';
import { useId } from 'react';
import { cn } from '../../ui/cn';
import { cardSizeOfWidth } from './topology-preferences';

const SIZE_LABELS: Readonly<Record<CardSize, string>> = { small: 'S', medium: 'M', large: 'L', extra_large: 'XL' };
const SIZE_NAMES: Readonly<Record<CardSize, string>> = { small: 'Small', medium: 'Medium', large: 'Large', extra_large: 'Extra large' };

/** The card size presets (small … extra_large) and the width slider (250–768, step 2). */
export function CardSizeControl({ width, onChange }: { width: number; onChange: (width: number) => void }) {
  const sliderId = useId();
  const preset = cardSizeOfWidth(width);
  return (
    <div className="inline-flex items-center gap-3">
      <div role="group" aria-label="Card size" className="inline-flex rounded-md border border-border-strong">
        {CARD_SIZES.map((size) => (
          <button
            key={size}
            type="button"
            aria-pressed={preset === size}
            aria-label={`${SIZE_NAMES[size]} cards (${CARD_WIDTHS[size]} px)`}
            title={`${SIZE_NAMES[size]} (${CARD_WIDTHS[size]} px)`}
            onClick={() => onChange(CARD_WIDTHS[size])}
            className={cn(
              'h-9 min-w-9 cursor-pointer px-2 text-sm text-fg-muted first:rounded-l-md last:rounded-r-md hover:text-fg',
              preset === size && 'bg-surface-muted font-medium text-fg',
            )}
          >
            {SIZE_LABELS[size]}
          </button>
        ))}
      </div>
      <label htmlFor={sliderId} className="sr-only">
        Card width
      </label>
      <input
        id={sliderId}
        type="range"
        min={CARD_WIDTH_SLIDER.min}
        max={CARD_WIDTH_SLIDER.max}
        step={CARD_WIDTH_SLIDER.step}
        value={Math.max(width, CARD_WIDTH_SLIDER.min)}
        aria-valuetext={`${width} px`}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-28 cursor-pointer accent-[var(--accent)]"
      />
      <span className="w-14 text-xs text-fg-muted tabular-nums">{width} px</span>
    </div>
  );
}
