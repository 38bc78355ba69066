/** Shared UI limits: tables, paging, dialogs, debounces, cache and toast timings (spec 1 §9, spec 2 §9). */

export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;

/** Limit of the generic settings list call. */
export const GENERIC_LIST_LIMIT = 100;

/** A virtual table doubles its page size when the end is reached. */
export const VIRTUAL_TABLE = { rowHeight: 35, overscan: 10, growthFactor: 2 } as const;
export const CONFIG_TABLE = { rowHeight: 37, overscan: 20 } as const;
export const LOG_TABLE = { rowHeight: 62, overscan: 10 } as const;

export const DIALOG_SIZES = ['very-small', 'small', 'medium', 'large', 'full'] as const;
export type DialogSize = (typeof DIALOG_SIZES)[number];
export const CODE_EDITOR_SIZES = ['very-small', 'small', 'medium', 'large', 'full'] as const;
export type CodeEditorSize = (typeof CODE_EDITOR_SIZES)[number];

/** Debounce delays in milliseconds. */
export const DEBOUNCE_MS = {
  filterSearch: 400,
  resourceSearch: 300,
  incidentSearch: 400,
  incidentFieldUpdate: 500,
  configPickerSearch: 500,
  logsQuery: 500,
  hypothesisStatus: 200,
  hypothesisTitle: 1000,
} as const;

/** Query cache stale time for agents, labels, people, topology and catalog. */
export const STALE_TIME_MS = 300_000;

export const TOAST = { durationMs: 5000, position: 'top-right' } as const;
/** Messages of the identity settings flow clear themselves after this delay. */
export const SETTINGS_MESSAGE_CLEAR_MS = 10_000;

export const HOVER_POPOVER_DELAY_MS = 1000;
/** Infinite-scroll panels load more when within this distance of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 300;
export const SIDE_PANEL_WIDTHS = ['15rem', '20rem', '30rem'] as const;

export const MAX_AVATARS = 5;
/** The role dropdown cuts user names to this many characters. */
export const ROLE_DROPDOWN_NAME_MAX = 50;
/** Counts at or above this are highlighted in the catalog. */
export const CATALOG_COUNT_HIGHLIGHT = 500;
/** Count badges above this are shortened as `Nk+`. */
export const COUNT_BADGE_MAX = 999;
/** Memory and CPU usage above this percent is shown red. */
export const RESOURCE_USAGE_RED_ABOVE = 70;
/** Component card property lists collapse after these many items. */
export const CARD_PROPERTIES_VISIBLE = { left: 6, right: 5 } as const;
/** The responder type list scrolls when it has more entries than this. */
export const RESPONDER_TYPE_SCROLL_AFTER = 6;

/** Zero-based index of the first page. */
export const DEFAULT_PAGE_INDEX = 0;
export const DEFAULT_SORT = { field: 'created_at', order: 'desc' } as const;

/** Number of pages: total divided by page size, rounded up (0 for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0 || total <= 0) return 0;
  return Math.ceil(total / pageSize);
}
