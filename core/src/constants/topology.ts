/** Topology cards and dashboard defaults (spec 2 §2, §9). */

export const CARD_SIZES = ['small', 'medium', 'large', 'extra_large'] as const;
export type CardSize = (typeof CARD_SIZES)[number];

export const CARD_WIDTHS: Readonly<Record<CardSize, number>> = {
  small: 198,
  medium: 258,
  large: 356,
  extra_large: 554,
};
export const DEFAULT_CARD_SIZE: CardSize = 'extra_large';
export const CARD_WIDTH_SLIDER = { min: 250, max: 768, step: 2 } as const;

export const TOPOLOGY_SORT_DEFAULTS = { sortBy: 'status', sortOrder: 'desc' } as const;
export const TOPOLOGY_SORT_OPTIONS = [
  { value: 'status', label: 'Health' },
  { value: 'name', label: 'Name' },
  { value: 'type', label: 'Type' },
  { value: 'updated_at', label: 'Last Updated' },
] as const;

export const SNAPSHOT_DEFAULTS = { related: false } as const;
