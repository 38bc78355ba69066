import { createColumnHelper } from '@tanstack/react-table';
import { cn } from '../../../ui/cn';
import type { DataTableColumn } from '../../../ui/data-table';
import type { SlaRow } from './sla-api';
import { durationText, uptimeText, utcText } from './sla-format';

const column = createColumnHelper<SlaRow>();

function BudgetBar({ burned }: { burned: number }) {
  const width = Math.min(100, Math.max(0, burned));
  return (
    <span className="flex items-center gap-2">
      <span className="h-1.5 w-16 overflow-hidden rounded bg-surface-muted" aria-hidden="true">
        <span className={cn('block h-full', burned >= 100 ? 'bg-danger' : burned >= 75 ? 'bg-warning' : 'bg-success')} style={{ width: `${width}%` }} />
      </span>
      <span className="whitespace-nowrap">{burned.toFixed(1)} %</span>
    </span>
  );
}

function Windows({ row }: { row: SlaRow }) {
  if (row.windows.length === 0) return <span className="text-fg-muted">None</span>;
  return (
    <details>
      <summary className="cursor-pointer">{row.windows.length === 1 ? '1 window' : `${row.windows.length} windows`}</summary>
      <ul className="mt-1 space-y-0.5 text-xs">
        {row.windows.map((window) => (
          <li key={window.start}>
            {utcText(window.start)} – {utcText(window.end)} UTC · {window.failed} failed
          </li>
        ))}
      </ul>
    </details>
  );
}

export const SLA_COLUMNS: DataTableColumn<SlaRow>[] = [
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <span className="flex items-center gap-2">
        {info.row.original.breached && <span className="whitespace-nowrap rounded bg-danger/10 px-1.5 text-xs font-medium text-danger">Below target</span>}
        <span>{info.getValue()}</span>
      </span>
    ),
  }),
  column.accessor('checks', { header: 'Checks' }),
  column.accessor('uptime', { header: 'Uptime', cell: (info) => <span className="whitespace-nowrap">{uptimeText(info.getValue())}</span> }),
  column.accessor('latency_avg_ms', { header: 'Avg Latency', cell: (info) => (info.getValue() === null ? '—' : `${info.getValue()} ms`) }),
  column.accessor('latency_max_ms', { header: 'Max Latency', cell: (info) => (info.getValue() === null ? '—' : `${info.getValue()} ms`) }),
  column.accessor('downtime_seconds', { header: 'Downtime', cell: (info) => durationText(info.getValue()) }),
  column.accessor('budget_burned', { header: 'Error Budget Used', cell: (info) => <BudgetBar burned={info.getValue()} /> }),
  column.accessor('budget_remaining_seconds', { header: 'Budget Left', cell: (info) => durationText(info.getValue()) }),
  column.display({ id: 'windows', header: 'Downtime Windows', cell: (info) => <Windows row={info.row.original} /> }),
];
