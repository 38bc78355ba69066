import { ColumnsMenu } from '../table-columns/columns-menu';
import type { ColumnLayoutState } from '../table-columns/use-column-layout';
import { ViewsMenu } from '../table-columns/views-menu';

interface ColumnToolbarProps {
  tableLabel: string;
  viewsPreferenceKey: string;
  columnState: ColumnLayoutState;
  labelOf: (id: string) => string;
  alwaysShown: ReadonlySet<string>;
}

/** The 'Views' and 'Columns' menus above the table. */
export function ColumnToolbar({ tableLabel, viewsPreferenceKey, columnState, labelOf, alwaysShown }: ColumnToolbarProps) {
  return (
    <div className="flex items-center justify-end gap-2 border-b border-border px-2 py-1.5">
      <ViewsMenu tableLabel={tableLabel} preferenceKey={viewsPreferenceKey} layout={columnState.layout} />
      <ColumnsMenu
        tableLabel={tableLabel}
        layout={columnState.layout}
        labelOf={labelOf}
        alwaysShown={alwaysShown}
        onChange={columnState.change}
        onReset={columnState.reset}
      />
    </div>
  );
}
