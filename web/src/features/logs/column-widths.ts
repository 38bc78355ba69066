import { useLocalStorage } from '../../ui/use-local-storage';

export const LOG_COLUMNS = ['timestamp', 'message', 'labels'] as const;
export type LogColumn = (typeof LOG_COLUMNS)[number];
export type LogColumnWidths = Readonly<Record<LogColumn, number>>;

/** Where the log viewer's column widths are remembered (this browser only). */
export const LOG_COLUMN_WIDTHS_KEY = 'pharos.logs.columnWidths';
/** The message's width is its least: it takes the rest of the pane. The three fit a 1280 px window. */
export const DEFAULT_LOG_COLUMN_WIDTHS: LogColumnWidths = { timestamp: 200, message: 480, labels: 240 };
export const MIN_LOG_COLUMN_WIDTH = 80;
const MAX_LOG_COLUMN_WIDTH = 4000;

const clamp = (width: number) => Math.min(MAX_LOG_COLUMN_WIDTH, Math.max(MIN_LOG_COLUMN_WIDTH, Math.round(width)));

/** Stored widths, each checked; a missing or unreadable one falls back to its default. */
export function parseColumnWidths(stored: unknown): LogColumnWidths {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const width = (column: LogColumn) => {
    const value = record[column];
    return typeof value === 'number' && Number.isFinite(value) ? clamp(value) : DEFAULT_LOG_COLUMN_WIDTHS[column];
  };
  return { timestamp: width('timestamp'), message: width('message'), labels: width('labels') };
}

/** The log viewer's column widths, remembered locally, and a setter for one column. */
export function useLogColumnWidths(): [LogColumnWidths, (column: LogColumn, width: number) => void] {
  const [widths, setWidths] = useLocalStorage(LOG_COLUMN_WIDTHS_KEY, parseColumnWidths);
  return [widths, (column, width) => setWidths({ ...widths, [column]: clamp(width) })];
}
