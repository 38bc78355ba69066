import { TAG_GROUP_SUFFIX } from '@pharos/core';
import { Star } from 'lucide-react';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { RelativeTime } from '../../../ui/relative-time';
import { CostCell, CountBadge, HealthCounts, InsightCounts } from './catalog-cells';
import type { ConfigSummaryRow } from './catalog-list-api';
import { groupByLabel } from './catalog-params';

const groupValue = (row: ConfigSummaryRow, group: string): string => {
  const value = row[group];
  return typeof value === 'string' ? value : '';
};

/** A summary row's key: its groupBy values. */
export const summaryRowId = (groups: readonly string[]) => (row: ConfigSummaryRow) => groups.map((g) => groupValue(row, g)).join('\u0000');

/**
 * Sorted for the table: pinned types first, then by the sort column (type ascending by default;
 * a sort on a column the summary lacks falls back to the first group).
 */
export function sortSummaryRows(rows: readonly ConfigSummaryRow[], groups: readonly string[], sortBy: string, desc: boolean, pinned: readonly string[]): ConfigSummaryRow[] {
  const column = sortBy === 'count' || groups.includes(sortBy) ? sortBy : (groups[0] ?? 'type');
  const pinRank = (row: ConfigSummaryRow) => (typeof row['type'] === 'string' && pinned.includes(row['type']) ? 0 : 1);
  return [...rows].sort((a, b) => {
    const pins = pinRank(a) - pinRank(b);
    if (pins !== 0) return pins;
    const order = column === 'count' ? a.count - b.count : groupValue(a, column).localeCompare(groupValue(b, column));
    return desc ? -order : order;
  });
}

function columnsOf(groups: readonly string[], pinned: readonly string[], togglePinned: (type: string) => void): DataTableColumn<ConfigSummaryRow>[] {
  const groupColumns: DataTableColumn<ConfigSummaryRow>[] = groups.map((group) => ({
    id: group,
    header: groupByLabel(group).replace(/_/g, ' '),
    accessorFn: (row) => groupValue(row, group),
    cell: ({ row }) => {
      const value = groupValue(row.original, group);
      const type = group === 'type' ? value : '';
      return (
        <span className={row.original.count === row.original.deleted ? 'inline-flex items-center gap-1 text-fg-muted line-through' : 'inline-flex items-center gap-1'}>
          {type && (
            <button
              type="button"
              aria-label={pinned.includes(type) ? `Unpin ${type}` : `Pin ${type}`}
              onClick={(event) => {
                event.stopPropagation();
                togglePinned(type);
              }}
              className="cursor-pointer rounded p-0.5 hover:bg-surface-muted"
            >
              <Star className={pinned.includes(type) ? 'size-3.5 fill-yellow-400 text-yellow-500' : 'size-3.5 text-fg-muted'} aria-hidden="true" />
            </button>
          )}
          {value || <span className="text-fg-muted">{group.endsWith(TAG_GROUP_SUFFIX) ? '(no tag)' : '(none)'}</span>}
        </span>
      );
    },
  }));
  return [
    ...groupColumns,
    { id: 'count', header: 'Count', accessorFn: (row) => row.count, cell: ({ row }) => <CountBadge count={row.original.count} label="configs" /> },
    { id: 'health', header: 'Health', enableSorting: false, cell: ({ row }) => <HealthCounts counts={row.original.health} /> },
    { id: 'changes', header: 'Changes', enableSorting: false, cell: ({ row }) => <CountBadge count={row.original.changes} label="changes in 30 days" /> },
    { id: 'analysis', header: 'Insights', enableSorting: false, cell: ({ row }) => <InsightCounts analysis={row.original.analysis} /> },
    { id: 'cost', header: 'Cost (30d)', enableSorting: false, cell: ({ row }) => <CostCell cost30d={row.original.cost_total_30d} cost1d={row.original.cost_total_1d} /> },
    { id: 'updated_at', header: 'Updated', enableSorting: false, cell: ({ row }) => <RelativeTime value={row.original.updated_at} /> },
  ];
}

export function SummaryTable({
  rows,
  groups,
  isLoading,
  isFetching,
  pinned,
  togglePinned,
  onOpen,
}: {
  rows: readonly ConfigSummaryRow[];
  groups: readonly string[];
  isLoading: boolean;
  isFetching: boolean;
  pinned: readonly string[];
  togglePinned: (type: string) => void;
  onOpen: (row: ConfigSummaryRow) => void;
}) {
  return (
    <DataTable
      label="Catalog summary"
      columns={columnsOf(groups, pinned, togglePinned)}
      data={rows}
      getRowId={summaryRowId(groups)}
      isLoading={isLoading}
      isFetching={isFetching}
      onRowClick={onOpen}
      defaultSort={{ id: 'type', desc: false }}
      emptyMessage="No configs found"
    />
  );
}
