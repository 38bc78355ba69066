import { useState } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-layout';

export interface WidthFieldProps {
  label: string;
  width: number | undefined;
  /** A width within bounds, or undefined for the column's natural width (the field emptied). */
  onChange: (width: number | undefined) => void;
}

function inBounds(text: string): boolean {
  const value = Number(text);
  return /^\d+$/.test(text) && value >= MIN_COLUMN_WIDTH && value <= MAX_COLUMN_WIDTH;
}

/**
 * A column's width in pixels. Each width in bounds applies as it is typed (or stepped with ↑/↓);
 * the digits on the way to one ('2', '24' of '240') wait, and leaving the field shows the width in force.
 */
export function WidthField({ label, width, onChange }: WidthFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (width === undefined ? '' : String(width));
  return (
    <input
      type="number"
      aria-label={`Width of ${label} in pixels`}
      placeholder="auto"
      min={MIN_COLUMN_WIDTH}
      max={MAX_COLUMN_WIDTH}
      step={10}
      value={shown}
      aria-invalid={draft !== null && draft !== '' && !inBounds(draft) ? true : undefined}
      title={`${MIN_COLUMN_WIDTH} to ${MAX_COLUMN_WIDTH} pixels; empty for the natural width`}
      onChange={(event) => {
        const text = event.target.value.trim();
        setDraft(text);
        if (text === '') onChange(undefined);
        else if (inBounds(text)) onChange(Number(text));
      }}
      onBlur={() => setDraft(null)}
      className="h-7 w-16 rounded border border-border-strong bg-surface px-1 text-right text-xs aria-invalid:border-danger"
    />
  );
}
