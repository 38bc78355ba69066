import { formatLogTimestamp, LOG_TABLE } from '@pharos/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { LogLine } from './api';
import { ColumnResizer } from './column-resizer';
import { LOG_COLUMNS, useLogColumnWidths, type LogColumn } from './column-widths';
import { AnsiText } from '../../ui/ansi-text';

const TITLES: Readonly<Record<LogColumn, string>> = { timestamp: 'Timestamp', message: 'Message', labels: 'Labels' };

function Labels({ labels }: { labels: LogLine['labels'] }) {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {entries.map(([key, value]) => (
        <li key={key} title={`${key}=${value}`} className="max-w-full truncate rounded bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-fg-muted">
          {key}={value}
        </li>
      ))}
    </ul>
  );
}

/**
 * The lines of a log search in a scrolling window (rows of about 62 px, 10 rendered beyond the
 * view): timestamp (YYYY-MM-DD HH:mm.ss.SSS), message with its ANSI colours and links, and labels;
 * the column widths are remembered locally.
 */
export interface LogViewerProps {
  lines: readonly LogLine[];
  /** More (older) lines exist: `onEndReached` is called when the last line comes into view. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onEndReached?: () => void;
}

export function LogViewer({ lines, hasMore = false, loadingMore = false, onEndReached }: LogViewerProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [widths, setWidth] = useLogColumnWidths();
  // TanStack Virtual's API is not memoizable by the React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LOG_TABLE.rowHeight,
    overscan: LOG_TABLE.overscan,
  });
  // The message takes whatever the pane has beyond the set widths, so the lines fill a wide window without scrolling sideways in a narrow one.
  const columns = LOG_COLUMNS.map((column) => (column === 'message' ? `minmax(${widths[column]}px, 1fr)` : `${widths[column]}px`)).join(' ');
  const totalWidth = LOG_COLUMNS.reduce((sum, column) => sum + widths[column], 0);
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lines.length > 0 && lastShown >= lines.length - 1) onEndReached?.();
  }, [hasMore, loadingMore, lastShown, lines.length, onEndReached]);

  return (
    <div
      ref={scrollRef}
      data-testid="log-viewer-scroll"
      className="h-[70vh] overflow-auto rounded-md border border-border bg-surface"
    >
      <div role="table" aria-label="Logs" aria-rowcount={lines.length + 1} style={{ width: totalWidth, minWidth: '100%' }}>
        <div role="rowgroup" className="sticky top-0 z-10 border-b border-border bg-surface-muted">
          <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: columns }}>
            {LOG_COLUMNS.map((column) => (
              <div key={column} role="columnheader" className="relative px-3 py-2 text-left text-xs font-semibold text-fg-muted uppercase">
                {TITLES[column]}
                <ColumnResizer label={TITLES[column]} width={widths[column]} onResize={(width) => setWidth(column, width)} />
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const line = lines[item.index];
            if (!line) return null;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute left-0 grid w-full border-b border-border text-sm"
                style={{ gridTemplateColumns: columns, transform: `translateY(${item.start}px)`, minHeight: LOG_TABLE.rowHeight }}
              >
                <div role="cell" className="px-3 py-2 font-mono text-xs whitespace-nowrap text-fg-muted">
                  <time dateTime={line.timestamp}>{formatLogTimestamp(line.timestamp)}</time>
                </div>
                <div role="cell" className="px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap text-fg">
                  <AnsiText text={line.message} />
                </div>
                <div role="cell" className="px-3 py-2">
                  <Labels labels={line.labels} />
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {loadingMore && (
        <p role="status" className="px-3 py-2 text-sm text-fg-muted">
          Loading older lines…
        </p>
      )}
    </div>
  );
}
