import type { CheckSummary } from '@pharos/core';
import { useMemo, type ReactNode } from 'react';
import { DataTable } from '../../ui/data-table';
import { checkColumns } from './check-columns';
import type { Pivot, PivotCellType } from './check-pivot';
import type { HealthRow } from './check-rows';
import { DEFAULT_SORT } from './check-sort';
import { HEALTH_TABLE_PARAMS } from './health-params';
import { pivotColumns } from './pivot-columns';
import { usePageSlice } from './use-page-slice';

interface TableProps {
  isFetching: boolean;
  emptyMessage: ReactNode;
  onOpen: (check: CheckSummary) => void;
}

/** Pages larger than this (250 to 1000 rows) render the rows in view only, so filtering them stays smooth. */
const WINDOW_OVER = 100;

const common = (props: Pick<TableProps, 'isFetching' | 'emptyMessage'>) => ({
  label: 'Checks',
  isFetching: props.isFetching,
  emptyMessage: props.emptyMessage,
  defaultSort: DEFAULT_SORT,
  urlParams: HEALTH_TABLE_PARAMS,
  getRowId: (row: { id: string }) => row.id,
  windowOver: WINDOW_OVER,
});

function RowsTable({ rows, onToggleGroup, ...props }: TableProps & { rows: readonly HealthRow[]; onToggleGroup: (key: string) => void }) {
  const columns = useMemo(() => checkColumns(onToggleGroup), [onToggleGroup]);
  const { page } = usePageSlice(rows);
  return (
    <DataTable
      {...common(props)}
      columns={columns}
      data={page}
      totalRowCount={rows.length}
      // Columns of known widths; a long name or endpoint is cut (its title shows it) rather than widen the table.
      layout="fixed"
      onRowClick={(row) => (row.kind === 'group' ? onToggleGroup(row.group.key) : props.onOpen(row.check))}
    />
  );
}

function PivotTable({ pivot, pivotCellType, onOpen, ...props }: TableProps & { pivot: Pivot; pivotCellType: PivotCellType }) {
  const columns = useMemo(() => pivotColumns(pivot.columns, pivotCellType, onOpen), [pivot, pivotCellType, onOpen]);
  const { page } = usePageSlice(pivot.rows);
  return (
    <DataTable
      {...common(props)}
      // Its columns are the pivot's values: remembered apart from the list's own.
      preferenceName="Checks pivot"
      columns={columns}
      data={page}
      totalRowCount={pivot.rows.length}
      onRowClick={(row) => {
        // A row of one check opens it; otherwise the cells' own buttons do.
        const [only, more] = [...row.cells.values()].flat();
        if (only && !more) onOpen(only);
      }}
    />
  );
}

export interface CheckTableProps extends TableProps {
  rows: readonly HealthRow[];
  pivot: Pivot | null;
  pivotCellType: PivotCellType;
  onToggleGroup: (key: string) => void;
}

/** The table layout: the rows (or the pivot) of the page the URL names, in the kit's table. */
export function CheckTable({ rows, pivot, pivotCellType, onToggleGroup, ...props }: CheckTableProps) {
  return pivot ? <PivotTable pivot={pivot} pivotCellType={pivotCellType} {...props} /> : <RowsTable rows={rows} onToggleGroup={onToggleGroup} {...props} />;
}
