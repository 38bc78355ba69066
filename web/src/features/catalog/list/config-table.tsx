import { CONFIG_TABLE, isConfigPossiblyStale } from '@pharos/core';
import { Clock } from 'lucide-react';
import { AgentBadge } from '../../../ui/agent-badge';
import { cn } from '../../../ui/cn';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { RelativeTime } from '../../../ui/relative-time';
import { useNow } from '../../../ui/use-now';
import { CostCell, HealthText } from './catalog-cells';
import { lastScrapedOf, type ConfigListItem } from './catalog-list-api';
import { TagChips } from './tag-chips';

type FilterBy = (kind: 'tag' | 'label', key: string, value: string, state: 1 | -1) => void;

/** Columns shown only when a loaded config has a value for them: an empty one would take the names' room. */
const OPTIONAL_COLUMNS = ['health', 'status', 'tags', 'labels', 'cost_total_30d'] as const;
type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

const hasValue: Record<OptionalColumn, (item: ConfigListItem) => boolean> = {
  health: (item) => Boolean(item.health),
  status: (item) => Boolean(item.status),
  tags: (item) => Object.keys(item.tags ?? {}).length > 0,
  labels: (item) => Object.keys(item.labels ?? {}).length > 0,
  cost_total_30d: (item) => Boolean(item.cost_total_30d),
};

/** The optional columns some loaded config has a value for. */
export function columnsWithContent(items: readonly ConfigListItem[]): Set<OptionalColumn> {
  return new Set(OPTIONAL_COLUMNS.filter((column) => items.some(hasValue[column])));
}

/** A cell's text cut at the column's edge, whole in its title. */
function Cut({ text }: { text: string }) {
  return (
    <span className="block truncate" title={text}>
      {text}
    </span>
  );
}

const width = (headerClassName: string) => ({ headerClassName });

function columnsOf(now: number, filterBy: FilterBy, shown: ReadonlySet<OptionalColumn>): DataTableColumn<ConfigListItem>[] {
  const columns: (DataTableColumn<ConfigListItem> & { id: string })[] = [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (item) => item.name,
      cell: ({ row }) => {
        const item = row.original;
        const lastScraped = lastScrapedOf(item);
        const stale = isConfigPossiblyStale(lastScraped ? new Date(lastScraped) : null, item.deleted_at ? new Date(item.deleted_at) : null, new Date(now));
        const name = item.name ?? item.id;
        return (
          <span className={cn('flex min-w-0 items-center gap-1.5', item.deleted_at && 'text-fg-muted line-through')}>
            <span className="truncate" title={name}>
              {name}
            </span>
            <AgentBadge agentId={item.agent_id} name={item.agent?.name} />
            {item.deleted_at && <span className="shrink-0 text-xs no-underline">(deleted)</span>}
            {stale && (
              <span title={`Possibly stale: last scraped ${new Date(lastScraped!).toLocaleString()}`} aria-label="Possibly stale" className="shrink-0 text-yellow-600">
                <Clock className="size-3.5" aria-hidden="true" />
              </span>
            )}
          </span>
        );
      },
    },
    { id: 'type', header: 'Type', accessorFn: (item) => item.type, cell: ({ row }) => <Cut text={row.original.type} /> },
    { id: 'health', header: 'Health', accessorFn: (item) => item.health, meta: width('w-24'), cell: ({ row }) => <HealthText health={row.original.health} /> },
    { id: 'status', header: 'Status', accessorFn: (item) => item.status, meta: width('w-28'), cell: ({ row }) => <Cut text={row.original.status ?? ''} /> },
    {
      id: 'tags',
      header: 'Tags',
      enableSorting: false,
      meta: width('w-40'),
      cell: ({ row }) => <TagChips kind="tag" values={row.original.tags} onFilter={(k, v, s) => filterBy('tag', k, v, s)} />,
    },
    {
      id: 'labels',
      header: 'Labels',
      enableSorting: false,
      meta: width('w-40'),
      cell: ({ row }) => <TagChips kind="label" values={row.original.labels} onFilter={(k, v, s) => filterBy('label', k, v, s)} />,
    },
    {
      id: 'cost_total_30d',
      header: 'Cost (30d)',
      accessorFn: (item) => item.cost_total_30d,
      meta: width('w-28'),
      cell: ({ row }) => <CostCell cost30d={row.original.cost_total_30d} cost1d={row.original.cost_total_1d} />,
    },
    { id: 'created_at', header: 'Created', accessorFn: (item) => item.created_at, meta: width('w-[6.5rem]'), cell: ({ row }) => <RelativeTime value={row.original.created_at} /> },
    { id: 'updated_at', header: 'Updated', accessorFn: (item) => item.updated_at, meta: width('w-[6.5rem]'), cell: ({ row }) => <RelativeTime value={row.original.updated_at} /> },
  ];
  return columns.filter((column) => !(OPTIONAL_COLUMNS as readonly string[]).includes(column.id) || shown.has(column.id as OptionalColumn));
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
      columns={columnsOf(now, filterBy, columnsWithContent(items))}
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
