/**
 * Widths of the columns of the settings lists (and the scrapers list) in their fixed layout, so
 * nine columns fit a 1280 px window; Name takes what is left.
 */
export const RESOURCE_COLUMN_WIDTHS = {
  namespace: 'w-[7rem]',
  schedule: 'w-[8%]',
  source: 'w-[11%]',
  jobStatus: 'w-[7.5rem]',
  lastRun: 'w-[8%]',
  createdBy: 'w-[10%]',
  // 'CREATED AT' with its sort arrow needs this much at any window size.
  date: 'w-[6.5rem]',
} as const;

/** The column option that gives a column its width. */
export const columnWidth = (headerClassName: string) => ({ meta: { headerClassName } });
