import { healthColour, uptimeBarColour } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { cn } from '../../ui/cn';
import type { DataTableColumn } from '../../ui/data-table';
import { RelativeTime } from '../../ui/relative-time';
import type { CheckSummary } from '@pharos/core';
import { uptimePercent } from './check-filter';

const column = createColumnHelper<CheckSummary>();

const DOT: Readonly<Record<string, string>> = { red: 'bg-danger', green: 'bg-success', orange: 'bg-warning', gray: 'bg-fg-muted' };

export function HealthDot({ status }: { status: CheckSummary['status'] }) {
  const colour = status === null ? 'gray' : healthColour(status);
  return <span aria-hidden="true" className={cn('inline-block size-2.5 shrink-0 rounded-full', DOT[colour])} />;
}

export function healthText(status: CheckSummary['status']): string {
  return status === 'healthy' ? 'Healthy' : status === 'unhealthy' ? 'Unhealthy' : 'Not run yet';
}

export function UptimeCell({ check }: { check: CheckSummary }) {
  const percent = uptimePercent(check);
  if (percent === null) return <span className="text-fg-muted">–</span>;
  const failedPercent = 100 - percent;
  const bar = uptimeBarColour(failedPercent);
  return (
    <span className="flex items-center gap-2" title={`${check.uptime.passed} passed, ${check.uptime.failed} failed`}>
      <span className="h-1.5 w-16 overflow-hidden rounded bg-surface-muted">
        <span className={cn('block h-full', DOT[bar === 'green' ? 'green' : bar])} style={{ width: `${percent}%` }} />
      </span>
      {percent.toFixed(percent === 100 || percent === 0 ? 0 : 1)}%
    </span>
  );
}

/** The five columns of spec 1: Checks, Health, Uptime, Latency, Transition. */
export const CHECK_COLUMNS: DataTableColumn<CheckSummary>[] = [
  column.accessor('name', {
    header: 'Checks',
    cell: (info) => (
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{info.getValue()}</span>
        <span className="truncate text-xs text-fg-muted">
          {info.row.original.canary_name}
          {info.row.original.endpoint ? ` · ${info.row.original.endpoint}` : ''}
        </span>
      </span>
    ),
  }),
  column.accessor('status', {
    header: 'Health',
    cell: (info) => (
      <span className="flex items-center gap-2">
        <HealthDot status={info.getValue()} />
        {healthText(info.getValue())}
      </span>
    ),
  }),
  column.display({ id: 'uptime', header: 'Uptime', cell: (info) => <UptimeCell check={info.row.original} /> }),
  column.display({ id: 'latency', header: 'Latency', cell: (info) => (info.row.original.latency.p95 === null ? <span className="text-fg-muted">–</span> : `${info.row.original.latency.p95} ms`) }),
  column.accessor('last_transition_time', { header: 'Transition', cell: (info) => <RelativeTime value={info.getValue()} fallback="–" /> }),
];
