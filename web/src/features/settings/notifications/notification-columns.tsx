import { formatDuration } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { PersonCell } from '../../../ui/resource-settings/person-cell';
import type { NotificationSummary } from './types';

const column = createColumnHelper<NotificationSummary>();
const numeric = { className: 'tabular-nums' };
/** Event names, filters and service names are long single words: they may break anywhere rather than widen the table. */
const BREAK_ANYWHERE = '[overflow-wrap:anywhere]';

function Recipients({ row }: { row: NotificationSummary }) {
  if (row.person) return <PersonCell person={row.person} wrap />;
  if (row.team) return <span>{row.team.name}</span>;
  const services = row.custom_services ?? [];
  return <span className={`font-mono text-xs ${BREAK_ANYWHERE}`}>{services.map((service) => service.name || service.connection || service.url).join(', ')}</span>;
}

/** The twelve columns of spec 3 section 2.3; a failed count above zero opens the most common error. */
export function notificationColumns(onFailedClick: (row: NotificationSummary) => void): DataTableColumn<NotificationSummary>[] {
  return [
    column.display({ id: 'recipients', header: 'Recipients', cell: (info) => <Recipients row={info.row.original} /> }),
    column.accessor('events', {
      header: 'Events',
      cell: (info) => (
        <span className="flex flex-wrap gap-1">
          {info.getValue().map((event: string) => (
            <span key={event} className={`rounded bg-surface-muted px-1.5 font-mono text-xs ${BREAK_ANYWHERE}`}>
              {event}
            </span>
          ))}
        </span>
      ),
    }),
    column.accessor('title', { header: 'Title' }),
    column.accessor('filter', { header: 'Filter', cell: (info) => <span className={`font-mono text-xs ${BREAK_ANYWHERE}`}>{info.getValue()}</span> }),
    column.accessor('pending', { header: 'Pending', meta: numeric, cell: (info) => Number(info.getValue()) }),
    column.accessor('failed', {
      header: 'Failed',
      meta: numeric,
      cell: (info) => {
        const failed = Number(info.getValue());
        if (failed === 0) return 0;
        return (
          <button
            type="button"
            aria-label={`${failed} failed: show the most common error`}
            className="cursor-pointer font-medium text-danger underline-offset-2 hover:underline"
            onClick={(event) => {
              event.stopPropagation();
              onFailedClick(info.row.original);
            }}
          >
            {failed}
          </button>
        );
      },
    }),
    column.accessor('sent', { header: 'Sent', meta: numeric, cell: (info) => Number(info.getValue()) }),
    column.accessor('avg_duration_ms', {
      header: 'Avg Duration',
      meta: numeric,
      cell: (info) => {
        const value = info.getValue();
        return value === null ? '' : formatDuration(Number(value));
      },
    }),
    column.accessor('repeat_interval', { header: 'Repeat Interval' }),
    column.accessor('created_at', { header: 'Created At', cell: (info) => <DateTime value={info.getValue()} /> }),
    column.accessor('updated_at', { header: 'Updated At', cell: (info) => <DateTime value={info.getValue()} /> }),
    column.accessor('created_by', { header: 'Created By', cell: (info) => <PersonCell person={info.getValue()} wrap /> }),
  ];
}
