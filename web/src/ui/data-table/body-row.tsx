import { flexRender, type Row } from '@tanstack/react-table';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { cn } from '../cn';

interface BodyRowOptions<TData> {
  onRowClick: ((row: TData, event: MouseEvent | KeyboardEvent) => void) | undefined;
  dense: boolean;
  /** Rows of a scrolling window: one line each, cut rather than wrapped. */
  windowed: boolean;
  layout: 'auto' | 'fixed';
}

export type RenderBodyRow<TData> = (row: Row<TData>, rowIndex: number, style?: CSSProperties) => ReactNode;

/** What makes a row open on a click, Enter or Space when the table has `onRowClick`. */
function rowInteraction<TData>(row: Row<TData>, onRowClick: BodyRowOptions<TData>['onRowClick']) {
  if (!onRowClick) return {};
  return {
    tabIndex: 0,
    onClick: (event: MouseEvent) => onRowClick(row.original, event),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onRowClick(row.original, event);
      }
    },
  };
}

/** Renders one row of the body, `rowIndex` counting from the table's first row. */
export function bodyRowRenderer<TData>({ onRowClick, dense, windowed, layout }: BodyRowOptions<TData>): RenderBodyRow<TData> {
  return (row, rowIndex, style) => (
    <tr
      key={row.id}
      aria-rowindex={rowIndex + 2}
      data-index={rowIndex}
      style={style}
      className={cn(
        'border-b border-border last:border-b-0',
        onRowClick && 'cursor-pointer hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-offset-[-2px]',
      )}
      {...rowInteraction(row, onRowClick)}
    >
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.id}
          className={cn(
            'align-middle text-sm text-fg',
            dense ? 'px-2' : 'px-3',
            windowed ? 'truncate py-0 whitespace-nowrap' : 'py-2',
            // A fixed table keeps its width: a word longer than its column breaks, and nothing spills out.
            layout === 'fixed' && !windowed && 'overflow-hidden [overflow-wrap:anywhere]',
            cell.column.columnDef.meta?.className,
          )}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}
