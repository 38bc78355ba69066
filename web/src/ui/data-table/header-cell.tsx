import { flexRender, type Header } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '../cn';
import { ResizeHandle } from '../table-columns/resize-handle';

function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return 'none';
}

export interface HeaderCellProps<TData> {
  header: Header<TData, unknown>;
  sortable: boolean;
  dense: boolean;
  fixed: boolean;
  /** Present when the person may resize the column. */
  resize?: { label: string; width: number | undefined; onResize: (width: number) => void };
}

export function HeaderCell<TData>({ header, sortable, dense, fixed, resize }: HeaderCellProps<TData>) {
  const { column } = header;
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const canSort = sortable && column.getCanSort() && !header.isPlaceholder;
  const sorted = column.getIsSorted();
  const SortIcon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      colSpan={header.colSpan}
      aria-sort={canSort ? ariaSort(sorted) : undefined}
      style={resize?.width === undefined ? undefined : { width: resize.width, minWidth: resize.width }}
      className={cn(
        resize && 'relative',
        'h-9 border-b border-border text-left text-xs font-semibold tracking-wide text-fg-muted uppercase',
        dense ? 'px-2' : 'px-3',
        // In a fixed table a title wider than its column wraps inside it rather than spill over its neighbour.
        fixed && '[overflow-wrap:anywhere]',
        column.columnDef.meta?.headerClassName,
      )}
    >
      {canSort ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 uppercase hover:text-fg"
        >
          {content}
          <SortIcon className={cn('size-3.5', !sorted && 'opacity-40')} aria-hidden="true" />
        </button>
      ) : (
        content
      )}
      {resize && <ResizeHandle {...resize} />}
    </th>
  );
}
