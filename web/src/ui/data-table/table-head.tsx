import type { HeaderGroup } from '@tanstack/react-table';
import { cn } from '../cn';
import { setColumnWidth } from '../table-columns/column-layout';
import type { ColumnLayoutState } from '../table-columns/use-column-layout';
import { HeaderCell } from './header-cell';

interface TableHeadProps<TData> {
  headerGroups: HeaderGroup<TData>[];
  sortable: boolean;
  dense: boolean;
  fixed: boolean;
  /** Kept in view above a scrolling window of rows. */
  sticky: boolean;
  /** Present when the person may resize the columns. */
  columnResize?: { columnState: ColumnLayoutState; labelOf: (id: string) => string };
}

export function TableHead<TData>({ headerGroups, sortable, dense, fixed, sticky, columnResize }: TableHeadProps<TData>) {
  return (
    <thead className={cn('bg-surface-muted', sticky && 'sticky top-0 z-10')}>
      {headerGroups.map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          {group.headers.map((header) => (
            <HeaderCell
              key={header.id}
              header={header}
              sortable={sortable}
              dense={dense}
              fixed={fixed}
              resize={
                columnResize && !header.isPlaceholder
                  ? {
                      label: columnResize.labelOf(header.column.id),
                      width: columnResize.columnState.layout.widths[header.column.id],
                      onResize: (width) => columnResize.columnState.change(setColumnWidth(columnResize.columnState.layout, header.column.id, width)),
                    }
                  : undefined
              }
            />
          ))}
        </tr>
      ))}
    </thead>
  );
}
