import { tablePreferenceKeys, setColumnWidth } from '../../ui/table-columns/column-layout';
import { ColumnsMenu } from '../../ui/table-columns/columns-menu';
import { ResizeHandle } from '../../ui/table-columns/resize-handle';
import { useColumnLayout } from '../../ui/table-columns/use-column-layout';
import { ViewsMenu } from '../../ui/table-columns/views-menu';
import { INCIDENT_COLUMNS, INCIDENT_COLUMN_IDS } from './incident-columns';
import type { IncidentSummaryRow } from './types';

export const INCIDENTS_LABEL = 'Incidents';
const KEYS = tablePreferenceKeys(INCIDENTS_LABEL);
const BY_ID = new Map(INCIDENT_COLUMNS.map((column) => [column.id, column]));
const ALWAYS_SHOWN = new Set(INCIDENT_COLUMNS.filter((column) => column.alwaysShown).map((column) => column.id));
const labelOf = (id: string) => BY_ID.get(id)?.label ?? id;

/**
 * The incidents list's own table (its rows come a keyset page at a time), with the column controls
 * of the console's tables: show or hide, reorder, resize, reset and saved views, remembered per person.
 */
export function IncidentsTable({ rows }: { rows: readonly IncidentSummaryRow[] }) {
  const { layout, change, reset } = useColumnLayout(KEYS.columns, INCIDENT_COLUMN_IDS);
  const shown = layout.order.filter((id) => !layout.hidden.includes(id)).flatMap((id) => BY_ID.get(id) ?? []);
  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-end gap-2 pb-1.5">
        <ViewsMenu tableLabel={INCIDENTS_LABEL} preferenceKey={KEYS.views} layout={layout} />
        <ColumnsMenu tableLabel={INCIDENTS_LABEL} layout={layout} labelOf={labelOf} alwaysShown={ALWAYS_SHOWN} onChange={change} onReset={reset} />
      </div>
      <table aria-label={INCIDENTS_LABEL} className="w-full text-left text-sm">
        <thead className="text-xs text-fg-muted uppercase">
          <tr>
            {shown.map((column) => {
              const width = layout.widths[column.id];
              return (
                <th key={column.id} scope="col" className="relative px-2 py-2" style={width === undefined ? undefined : { width, minWidth: width }}>
                  {column.label}
                  <ResizeHandle label={column.label} width={width} onResize={(next) => change(setColumnWidth(layout, column.id, next))} />
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-border">
              {shown.map((column) => (
                <td key={column.id} className="px-2 py-2">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
