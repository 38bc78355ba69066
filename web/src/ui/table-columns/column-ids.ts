import type { ColumnDef, RowData } from '@tanstack/react-table';

/** The id TanStack Table gives a column: its id, else its accessor key (dots as underscores), else its header text. */
function columnId<TData extends RowData>(def: ColumnDef<TData, unknown>): string | undefined {
  if (def.id) return def.id;
  const key = 'accessorKey' in def ? def.accessorKey : undefined;
  if (typeof key === 'string') return key.replaceAll('.', '_');
  return typeof def.header === 'string' ? def.header : undefined;
}

/** Ids of the leaf columns, in definition order. */
export function leafColumnIds<TData extends RowData>(defs: readonly ColumnDef<TData, unknown>[]): string[] {
  const ids: string[] = [];
  for (const def of defs) {
    const children = 'columns' in def ? def.columns : undefined;
    if (children?.length) ids.push(...leafColumnIds(children));
    else {
      const id = columnId(def);
      if (id) ids.push(id);
    }
  }
  return ids;
}

/** The name a person sees for a column: `meta.label`, else its header text, else its id. */
export function columnLabels<TData extends RowData>(defs: readonly ColumnDef<TData, unknown>[]): Map<string, string> {
  const labels = new Map<string, string>();
  const visit = (list: readonly ColumnDef<TData, unknown>[]) => {
    for (const def of list) {
      const children = 'columns' in def ? def.columns : undefined;
      if (children?.length) visit(children);
      const id = columnId(def);
      if (!id) continue;
      const label = def.meta?.label ?? (typeof def.header === 'string' && def.header.trim() ? def.header : id);
      labels.set(id, label);
    }
  };
  visit(defs);
  return labels;
}
