import type { Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';

interface VirtualRowsProps<TData> {
  rows: Row<TData>[];
  height: string;
  rowHeight: number;
  overscan: number;
  columnCount: number;
  canLoadMore: boolean;
  onEndReached: () => void;
  renderRow: (row: Row<TData>, index: number, style?: CSSProperties) => ReactNode;
  renderTable: (body: ReactNode) => ReactNode;
}

/** The scrolling window of a virtual table: only the rows in view (plus overscan) are rendered. */
export function VirtualRows<TData>({
  rows,
  height,
  rowHeight,
  overscan,
  columnCount,
  canLoadMore,
  onEndReached,
  renderRow,
  renderTable,
}: VirtualRowsProps<TData>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The row count the last "load more" was asked at, so the end asks once per growth.
  const askedAt = useRef<number | null>(null);
  // TanStack Virtual's API is not memoizable by the React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (!canLoadMore || rows.length === 0 || lastIndex < rows.length - 1) return;
    if (askedAt.current === rows.length) return;
    askedAt.current = rows.length;
    onEndReached();
  }, [canLoadMore, lastIndex, rows.length, onEndReached]);

  const first = items[0];
  const last = items.at(-1);
  const paddingTop = first ? first.start : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const body = (
    <>
      {paddingTop > 0 && (
        <tr aria-hidden="true" style={{ height: paddingTop }}>
          <td colSpan={columnCount} className="p-0" />
        </tr>
      )}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? renderRow(row, item.index, { height: rowHeight }) : null;
      })}
      {paddingBottom > 0 && (
        <tr aria-hidden="true" style={{ height: paddingBottom }}>
          <td colSpan={columnCount} className="p-0" />
        </tr>
      )}
    </>
  );
  return (
    <div ref={scrollRef} data-testid="data-table-scroll" className="overflow-auto" style={{ height }}>
      {renderTable(body)}
    </div>
  );
}
