/** Which columns a table shows, in what order and how wide: what a person changes and what is remembered. */
export interface ColumnLayout {
  /** Column ids in display order (hidden ones keep their place). */
  order: string[];
  hidden: string[];
  /** Widths in pixels the person set; a column absent here keeps its natural width. */
  widths: Record<string, number>;
}

export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 1200;


/** The query parameter a shared view carries its columns in. */
export const COLUMNS_PARAM = 'columns';

export function defaultLayout(ids: readonly string[]): ColumnLayout {
  return { order: [...ids], hidden: [], widths: {} };
}

export function clampWidth(width: number): number {
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(width)));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/**
 * A stored or hand-edited layout made to fit the table's columns today: unknown ids dropped, new
 * columns placed after their neighbour, widths bounded. Null when nothing usable is stored.
 */
export function fitLayout(stored: unknown, ids: readonly string[]): ColumnLayout | null {
  if (!isRecord(stored)) return null;
  const known = new Set(ids);
  const order = [...new Set(strings(stored['order']).filter((id) => known.has(id)))];
  // A column the stored order does not know (new, or one that comes and goes, as a grouping column)
  // goes right after the column it follows in the table's own order.
  ids.forEach((id, index) => {
    if (order.includes(id)) return;
    const before = index === 0 ? -1 : order.indexOf(ids[index - 1] ?? '');
    order.splice(before + 1, 0, id);
  });
  const hidden = [...new Set(strings(stored['hidden']).filter((id) => known.has(id)))];
  const widths: Record<string, number> = {};
  if (isRecord(stored['widths'])) {
    for (const [id, width] of Object.entries(stored['widths'])) {
      if (known.has(id) && typeof width === 'number' && Number.isFinite(width)) widths[id] = clampWidth(width);
    }
  }
  return { order, hidden, widths };
}

/** `name:240,status,age`: the shown columns in order, with the widths set. */
export function encodeColumnsParam(layout: ColumnLayout): string {
  return layout.order
    .filter((id) => !layout.hidden.includes(id))
    .map((id) => (layout.widths[id] === undefined ? id : `${id}:${layout.widths[id]}`))
    .join(',');
}

/** Reads the `columns` parameter back; the columns it leaves out are hidden. Null when it names none of the table's columns. */
export function parseColumnsParam(text: string | null, ids: readonly string[]): ColumnLayout | null {
  if (!text) return null;
  const known = new Set(ids);
  const shown: string[] = [];
  const widths: Record<string, number> = {};
  for (const part of text.split(',')) {
    const match = /^(.+?)(?::(\d+))?$/.exec(part.trim());
    const id = match?.[1];
    if (!id || !known.has(id) || shown.includes(id)) continue;
    shown.push(id);
    if (match[2] !== undefined) widths[id] = clampWidth(Number(match[2]));
  }
  if (shown.length === 0) return null;
  const rest = ids.filter((id) => !shown.includes(id));
  return { order: [...shown, ...rest], hidden: rest, widths };
}

/** Moves a column one place among the shown ones (hidden columns are stepped over). */
export function moveColumn(layout: ColumnLayout, id: string, direction: -1 | 1): ColumnLayout {
  const order = [...layout.order];
  const from = order.indexOf(id);
  if (from < 0) return layout;
  let to = from + direction;
  while (to >= 0 && to < order.length && layout.hidden.includes(order[to] ?? '')) to += direction;
  if (to < 0 || to >= order.length) return layout;
  order.splice(from, 1);
  order.splice(to, 0, id);
  return { ...layout, order };
}

export function setColumnHidden(layout: ColumnLayout, id: string, hidden: boolean): ColumnLayout {
  const rest = layout.hidden.filter((entry) => entry !== id);
  return { ...layout, hidden: hidden ? [...rest, id] : rest };
}

export function setColumnWidth(layout: ColumnLayout, id: string, width: number): ColumnLayout {
  return { ...layout, widths: { ...layout.widths, [id]: clampWidth(width) } };
}

/** The preference keys of a table: its columns and its saved views, from a name the table gives itself. */
export function tablePreferenceKeys(name: string): { columns: string; views: string } {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'table';
  return { columns: `table.${slug}`, views: `views.${slug}` };
}
