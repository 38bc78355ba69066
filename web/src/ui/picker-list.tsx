import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPanel } from './error-panel';
import { Skeleton } from './skeleton';

export interface PickerListProps<TItem extends { id: string }> {
  /** The search's answer: a skeleton while pending, the error, 'No result', or the choices. */
  options: UseQueryResult<TItem[]>;
  /** What one choice is, for screen readers (e.g. 'Incident'). */
  legend: string;
  /** The radio group's name. */
  name: string;
  chosen: string | null;
  onChoose: (item: TItem) => void;
  /** The label of one choice. */
  children: (item: TItem) => ReactNode;
}

/** A searched list of choices of which one is picked, as picker dialogs show it. */
export function PickerList<TItem extends { id: string }>({ options, legend, name, chosen, onChoose, children }: PickerListProps<TItem>) {
  if (options.isPending) return <Skeleton className="h-24 w-full" />;
  if (options.isError) return <ErrorPanel error={options.error} />;
  if (options.data.length === 0) return <p className="text-sm text-fg-muted">No result</p>;
  return (
    <fieldset className="max-h-72 space-y-1 overflow-auto">
      <legend className="sr-only">{legend}</legend>
      {options.data.map((item) => (
        <label key={item.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-surface-muted">
          <input type="radio" name={name} checked={chosen === item.id} onChange={() => onChoose(item)} />
          {children(item)}
        </label>
      ))}
    </fieldset>
  );
}
