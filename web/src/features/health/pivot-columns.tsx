import type { CheckSummary } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { DataTableColumn } from '../../ui/data-table';
import { RelativeTime } from '../../ui/relative-time';
import { HealthText, LatencyText, UptimeBar } from './check-columns';
import { aggregateChecks, type CheckAggregate } from './check-groups';
import type { PivotCellType, PivotRow } from './check-pivot';

function CellValue({ aggregate, type }: { aggregate: CheckAggregate; type: PivotCellType }) {
  switch (type) {
    case 'status':
      return <HealthText status={aggregate.status} />;
    case 'uptime':
      return <UptimeBar uptime={aggregate.uptime} />;
    case 'latency':
      return <LatencyText ms={aggregate.latency} />;
    case 'last_transition_time':
      return <RelativeTime value={aggregate.last_transition_time} fallback="–" />;
  }
}

function PivotCell({ checks, column, type, onOpen }: { checks: readonly CheckSummary[] | undefined; column: string; type: PivotCellType; onOpen: (check: CheckSummary) => void }) {
  const [only] = checks ?? [];
  if (!checks || !only) return null;
  const value = <CellValue aggregate={aggregateChecks(checks)} type={type} />;
  if (checks.length > 1) return value;
  return (
    <button
      type="button"
      aria-label={`${only.name} in ${column}`}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(only);
      }}
      className="cursor-pointer rounded text-left hover:underline"
    >
      {value}
    </button>
  );
}

const column = createColumnHelper<PivotRow>();

/** Checks (the row's group), then a column per pivot value whose cells show `type`; a cell of one check opens it. */
export function pivotColumns(values: readonly string[], type: PivotCellType, onOpen: (check: CheckSummary) => void): DataTableColumn<PivotRow>[] {
  return [
    column.accessor('key', {
      id: 'name',
      header: 'Checks',
      cell: ({ row }) => (
        <span className="flex items-center gap-1.5 font-medium">
          <span className="truncate">{row.original.key}</span>
          <span className="text-xs font-normal text-fg-muted">({[...row.original.cells.values()].reduce((sum, list) => sum + list.length, 0)})</span>
        </span>
      ),
    }),
    ...values.map((value) =>
      column.display({
        id: `pivot:${value}`,
        header: value,
        enableSorting: false,
        cell: ({ row }) => <PivotCell checks={row.original.cells.get(value)} column={value} type={type} onOpen={onOpen} />,
      }),
    ),
  ];
}
