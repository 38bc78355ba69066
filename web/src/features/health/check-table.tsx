import type { CheckSummary } from '@pharos/core';
import { useMemo, type ReactNode } from 'react';
import { DataTable } from '../../ui/data-table';
import { useTableUrlState } from '../../ui/table-url-state';
import { checkColumns } from './check-columns';
import type { Pivot } from './check-pivot';
import type { HealthRow } from './check-rows';
import { DEFAULT_SORT } from './check-sort';
import type { PivotCellType } from './check-pivot';
import { HEALTH_TABLE_PARAMS } from './health-params';
import { pivotColumns } from './pivot-columns';

export interface CheckTableProps {
  rows: readonly HealthRow[];
  pivot: Pivot | null;
  pivotCellType: PivotCellType;
  isFetching: boolean;
  emptyMessage: ReactNode;
  onOpen: (check: CheckSummary) => void;
  onToggleGroup: (key: string) => void;
}

/** The table layout: the rows (or the pivot) of the page the URL names, in the kit's table. */
export function CheckTable({ rows, pivot, pivotCellType, isFetching, emptyMessage, onOpen, onToggleGroup }: CheckTableProps) {
  const { pageIndex, pageSize } = useTableUrlState({ params: HEALTH_TABLE_PARAMS });
  const columns = useMemo(() => checkColumns(onToggleGroup), [onToggleGroup]);
  const pivotColumnList = useMemo(() => (pivot ? pivotColumns(pivot.columns, pivotCellType, onOpen) : []), [pivot, pivotCellType, onOpen]);
  const page = <T,>(list: readonly T[]) => list.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
  const common = { label: 'Checks', isFetching, defaultSort: DEFAULT_SORT, urlParams: HEALTH_TABLE_PARAMS, emptyMessage, getRowId: (row: { id: string }) => row.id };
  if (pivot) {
    return (
      <DataTable
        {...common}
        columns={pivotColumnList}
        data={page(pivot.rows)}
        totalRowCount={pivot.rows.length}
        onRowClick={(row) => {
          const [only, more] = [...row.cells.values()].flat();
          if (only && !more) onOpen(only);
        }}
      />
    );
  }
  return (
    <DataTable
      {...common}
      columns={columns}
      data={page(rows)}
      totalRowCount={rows.length}
      onRowClick={(row) => (row.kind === 'group' ? onToggleGroup(row.group.key) : onOpen(row.check))}
    />
  );
}
