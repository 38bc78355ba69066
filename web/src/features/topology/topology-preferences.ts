import { CARD_SIZES, CARD_WIDTH_SLIDER, CARD_WIDTHS, DEFAULT_CARD_SIZE, TOPOLOGY_SORT_DEFAULTS, type CardSize } from '@pharos/core';
import { useLocalStorage } from '../../ui/use-local-storage';
import type { SortOrder } from './topology-params';

/** localStorage keys of the dashboard's remembered choices (spec 2 §4). */
export const TOPOLOGY_STORAGE_KEYS = {
  sortBy: 'topology.sortBy',
  sortOrder: 'topology.sortOrder',
  cardWidth: 'topology.cardWidth',
  refreshRate: 'topology.refreshRate',
} as const;

const parseSortBy = (stored: unknown): string | null => (typeof stored === 'string' && stored !== '' ? stored : null);
const parseSortOrder = (stored: unknown): SortOrder | null => (stored === 'asc' || stored === 'desc' ? stored : null);

/** The sort remembered locally (null while nothing is stored). */
export function useStoredSort() {
  const [sortBy, setSortBy] = useLocalStorage(TOPOLOGY_STORAGE_KEYS.sortBy, parseSortBy);
  const [sortOrder, setSortOrder] = useLocalStorage(TOPOLOGY_STORAGE_KEYS.sortOrder, parseSortOrder);
  return { sortBy, sortOrder, setSortBy, setSortOrder };
}

/** Whether a sort is the default one (status, desc), which the URL leaves out. */
export const isDefaultSort = (sortBy: string, sortOrder: SortOrder) =>
  sortBy === TOPOLOGY_SORT_DEFAULTS.sortBy && sortOrder === TOPOLOGY_SORT_DEFAULTS.sortOrder;

/** A card width: a stored number within reach of the presets and the slider, else extra_large. */
export function parseCardWidth(stored: unknown): number {
  const n = typeof stored === 'number' ? stored : typeof stored === 'string' ? Number(stored) : NaN;
  if (!Number.isFinite(n) || n < CARD_WIDTHS.small || n > CARD_WIDTH_SLIDER.max) return CARD_WIDTHS[DEFAULT_CARD_SIZE];
  return Math.round(n);
}

/** The card width remembered locally (extra_large, 554 px, when nothing is stored). */
export function useCardWidth(): [number, (width: number) => void] {
  return useLocalStorage(TOPOLOGY_STORAGE_KEYS.cardWidth, parseCardWidth);
}

/** The preset a width is, if any. */
export function cardSizeOfWidth(width: number): CardSize | undefined {
  return CARD_SIZES.find((size) => CARD_WIDTHS[size] === width);
}

/** The width a `size` parameter names: a preset (small … extra_large) or a number of pixels. */
export function widthOfSizeParam(size: string | null): number {
  if (!size) return CARD_WIDTHS[DEFAULT_CARD_SIZE];
  if ((CARD_SIZES as readonly string[]).includes(size)) return CARD_WIDTHS[size as CardSize];
  return parseCardWidth(size.replace(/px$/, ''));
}
