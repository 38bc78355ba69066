import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { ErrorPanel } from '../../../ui/error-panel';
import { SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { useEventQueueSummary, type EventQueueSummaryRow } from './api';

export const EVENT_QUEUE_LOAD_ERROR_TITLE = 'Could not load the event queue';

const column = createColumnHelper<EventQueueSummaryRow>();

function formatAttempts(value: number | string | null): string {
  if (value === null || value === '') return '';
  const number = Number(value);
  return Number.isFinite(number) ? String(Math.round(number * 100) / 100) : String(value);
}

const numeric = { className: 'tabular-nums' };

const COLUMNS: DataTableColumn<EventQueueSummaryRow>[] = [
  column.accessor('name', { header: 'Name', cell: (info) => <span className="font-mono font-medium">{info.getValue()}</span> }),
  column.accessor('pending', { header: 'Pending', meta: numeric }),
  column.accessor('failed', {
    header: 'Failed',
    meta: numeric,
    cell: (info) => {
      const failed = Number(info.getValue());
      return <span className={failed > 0 ? 'font-medium text-danger' : undefined}>{failed}</span>;
    },
  }),
  column.accessor('average_attempts', { header: 'Average Attempts', meta: numeric, cell: (info) => formatAttempts(info.getValue()) }),
  column.accessor('first_failure', { header: 'First Failure', cell: (info) => <DateTime value={info.getValue()} /> }),
  column.accessor('last_failure', { header: 'Last Failure', cell: (info) => <DateTime value={info.getValue()} /> }),
  column.accessor('most_common_error', {
    header: 'Most Common Error',
    meta: { className: 'max-w-md' },
    cell: (info) => <span className="font-mono text-xs break-words whitespace-pre-wrap">{info.getValue()}</span>,
  }),
];

/** `/settings/event-queue-status`: the read-only summary of the event queue, last failures first. */
export function EventQueuePage() {
  const summary = useEventQueueSummary();
  const rows = summary.data ?? [];
  return (
    <SettingsPage>
      <SettingsPageHeader title="Event Queue" />
      {summary.isError && !summary.data ? (
        <ErrorPanel error={summary.error} title={EVENT_QUEUE_LOAD_ERROR_TITLE} hideDetails />
      ) : (
        <DataTable
          label="Event Queue"
          columns={COLUMNS}
          data={rows}
          totalRowCount={rows.length}
          getRowId={(row) => row.name}
          isLoading={summary.isPending}
          isFetching={summary.isFetching && !summary.isPending}
          enableSorting={false}
          defaultPageSize={Math.max(rows.length, 50)}
        />
      )}
    </SettingsPage>
  );
}
