import { CONFIG_TABLE, isConfigPossiblyStale } from '@pharos/core';
import { Clock } from 'lucide-react';
import { cn } from '../../../ui/cn';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { RelativeTime } from '../../../ui/relative-time';
import { useNow } from '../../../ui/use-now';
import { CostCell, HealthText } from './catalog-cells';
import { lastScrapedOf, type ConfigListItem } from './catalog-list-api';
import { TagChips } from './tag-chips';

type FilterBy = (kind: 'tag' | 'label', key: string, value: string, state: 1 | -1) => void;

function columnsOf(now: number, filterBy: FilterBy): DataTableColumn<ConfigListItem>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => {
        const item = row.original;
        const lastScraped = lastScrapedOf(item);
        const stale = isConfigPossiblyStale(lastScraped ? new Date(lastScraped) : null, item.deleted_at ? new Date(item.deleted_at) : null, new Date(now));
        return (
          <span className={cn('inline-flex items-center gap-1.5', item.deleted_at && 'text-fg-muted line-through')}>
            {item.name ?? item.id}
            {item.deleted_at && <span className="text-xs no-underline">(deleted)</span>}
            {stale && (
              <span title={`Possibly stale: last scraped ${new Date(lastScraped!).toLocaleString()}`} aria-label="Possibly stale" className="text-yellow-600">
                <Clock className="size-3.5" aria-hidden="true" />
              </span>
            )}
          </span>
        );
      },
    },
    { id: 'type', header: 'Type', cell: ({ row }) => row.original.type },
    { id: 'health', header: 'Health', cell: ({ row }) => <HealthText health={row.original.health} /> },
    { id: 'status', header: 'Status', cell: ({ row }) => row.original.status ?? '' },
    {
      id: 'tags',
      header: 'Tags',
      enableSorting: false,
      cell: ({ row }) => <TagChips kind="tag" values={row.original.tags} onFilter={(k, v, s) => filterBy('tag', k, v, s)} />,
    },
    {
      id: 'labels',
      header: 'Labels',
      enableSorting: false,
      cell: ({ row }) => <TagChips kind="label" values={row.original.labels} onFilter={(k, v, s) => filterBy('label', k, v, s)} />,
    },
    { id: 'cost_total_30d', header: 'Cost (30d)', cell: ({ row }) => <CostCell cost30d={row.original.cost_total_30d} cost1d={row.original.cost_total_1d} /> },
    { id: 'created_at', header: 'Created', cell: ({ row }) => <RelativeTime value={row.original.created_at} /> },
    { id: 'updated_at', header: 'Updated', cell: ({ row }) => <RelativeTime value={row.original.updated_at} /> },
  ];
}

/** The flat config table: virtual rows of about 37 px with 20 rows of overscan (spec 2 section 9). */
export function ConfigTable({
  items,
  total,
  isLoading,
  isFetching,
  onLoadMore,
  onOpen,
  filterBy,
}: {
  items: readonly ConfigListItem[];
  total: number | undefined;
  isLoading: boolean;
  isFetching: boolean;
  onLoadMore: (size: number) => void;
  onOpen: (item: ConfigListItem) => void;
  filterBy: FilterBy;
}) {
  const now = useNow();
  return (
    <DataTable
      label="Configs"
      columns={columnsOf(now, filterBy)}
      data={items}
      getRowId={(item) => item.id}
      totalRowCount={total}
      isLoading={isLoading}
      isFetching={isFetching}
      onRowClick={onOpen}
      defaultSort={{ id: 'type', desc: false }}
      virtual
      onLoadMore={onLoadMore}
      rowHeight={CONFIG_TABLE.rowHeight}
      overscan={CONFIG_TABLE.overscan}
      emptyMessage="No configs match these filters"
    />
  );
}
