import { formatDuration, formatPercent, healthColour, showsRecency, uptimeBarColour, type AggregateCheckStatus, type CheckSummary } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { AgentBadge } from '../../ui/agent-badge';
import { cn } from '../../ui/cn';
import type { DataTableColumn } from '../../ui/data-table';
import { RelativeTime } from '../../ui/relative-time';
import { useNow } from '../../ui/use-now';
import { useAgentName } from './agents-api';
import { uptimePercent } from './check-filter';
import type { CheckAggregate } from './check-groups';
import type { HealthRow } from './check-rows';

// The theme has no warning token; orange as the job statuses draw it, for light and dark.
const DOT: Readonly<Record<string, string>> = { red: 'bg-danger', green: 'bg-success', orange: 'bg-[light-dark(#dc6803,#fdb022)]', gray: 'bg-fg-muted' };

type Status = AggregateCheckStatus | null;

export function HealthDot({ status }: { status: Status }) {
  const colour = status === null ? 'gray' : healthColour(status);
  return <span aria-hidden="true" className={cn('inline-block size-2.5 shrink-0 rounded-full', DOT[colour])} />;
}

export function healthText(status: Status): string {
  switch (status) {
    case 'healthy':
      return 'Healthy';
    case 'unhealthy':
      return 'Unhealthy';
    case 'mixed':
      return 'Mixed';
    default:
      return 'Not run yet';
  }
}

export function HealthText({ status }: { status: Status }) {
  return (
    <span className="flex items-center gap-2">
      <HealthDot status={status} />
      {healthText(status)}
    </span>
  );
}

const EMPTY = <span className="text-fg-muted">–</span>;

/** How long ago a check last ran, shown beside its health when that is 1 hour to 7 days ago (spec 1 section 9): a stale check stands out. */
export function Recency({ lastRun }: { lastRun: string | null }) {
  const now = useNow();
  const time = lastRun ? Date.parse(lastRun) : NaN;
  if (Number.isNaN(time) || !showsRecency((now - time) / 60_000)) return null;
  return (
    <span className="text-xs text-fg-muted" title="Last run">
      ran <RelativeTime value={lastRun} side="past" />
    </span>
  );
}

export function UptimeBar({ uptime }: { uptime: CheckSummary['uptime'] }) {
  const percent = uptimePercent({ uptime });
  if (percent === null) return EMPTY;
  const bar = uptimeBarColour(100 - percent);
  return (
    <span className="flex items-center gap-2" title={`${uptime.passed} passed, ${uptime.failed} failed`}>
      <span className="h-1.5 w-16 overflow-hidden rounded bg-surface-muted">
        <span className={cn('block h-full', DOT[bar])} style={{ width: `${percent}%` }} />
      </span>
      {formatPercent(percent)}
    </span>
  );
}

export function UptimeCell({ check }: { check: CheckSummary }) {
  return <UptimeBar uptime={check.uptime} />;
}

export function LatencyText({ ms }: { ms: number | null }) {
  return ms === null ? EMPTY : <>{formatDuration(ms)}</>;
}

/** The aggregate of a row: a group's, or a check's own values. */
function rowValues(row: HealthRow): CheckAggregate {
  if (row.kind === 'group') return row.group.aggregate;
  const { check } = row;
  return { status: check.status, uptime: check.uptime, latency: check.latency.p95, last_transition_time: check.last_transition_time };
}

/** The badge of a check's agent, named from the page's agent names. */
export function CheckAgent({ agentId }: { agentId: string }) {
  return <AgentBadge agentId={agentId} name={useAgentName(agentId)} />;
}

function CheckName({ row }: { row: Extract<HealthRow, { kind: 'check' }> }) {
  const { check } = row;
  const source = `${check.canary_name}${check.endpoint ? ` · ${check.endpoint}` : ''}`;
  return (
    <span className={cn('flex min-w-0 flex-col', row.depth === 1 && 'pl-6')}>
      <span className="flex min-w-0 items-center gap-1.5">
        <span className="truncate font-medium" title={row.title}>
          {row.title}
        </span>
        {check.agent_id && <CheckAgent agentId={check.agent_id} />}
      </span>
      <span className="truncate text-xs text-fg-muted" title={source}>
        {source}
      </span>
    </span>
  );
}

function GroupName({ row, onToggle }: { row: Extract<HealthRow, { kind: 'group' }>; onToggle: (key: string) => void }) {
  const Chevron = row.expanded ? ChevronDown : ChevronRight;
  return (
    <button
      type="button"
      aria-expanded={row.expanded}
      // The row toggles on click too; this button is what keyboard and screen reader users reach.
      onClick={(event) => {
        event.stopPropagation();
        onToggle(row.group.key);
      }}
      className="flex max-w-full min-w-0 cursor-pointer items-center gap-1.5 rounded text-left font-semibold"
    >
      <Chevron className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />
      <span className="truncate" title={row.group.key}>
        {row.group.key}
      </span>
      <span className="shrink-0 text-xs font-normal text-fg-muted">({row.group.checks.length})</span>
    </button>
  );
}

const column = createColumnHelper<HealthRow>();

/**
 * The five columns of spec 1: Checks, Health, Uptime, Latency, Transition; a group row shows its
 * aggregate. The rows arrive sorted (`sortBy`, `sortDesc`); the accessors only make headers sortable.
 */
export function checkColumns(onToggleGroup: (key: string) => void): DataTableColumn<HealthRow>[] {
  return [
    column.accessor((row) => (row.kind === 'group' ? row.group.key : row.title), {
      id: 'name',
      header: 'Checks',
      cell: ({ row: { original } }) => (original.kind === 'group' ? <GroupName row={original} onToggle={onToggleGroup} /> : <CheckName row={original} />),
    }),
    column.accessor((row) => rowValues(row).status, {
      id: 'status',
      header: 'Health',
      meta: { headerClassName: 'w-40' },
      cell: ({ row: { original } }) => (
        <span className="flex flex-wrap items-center gap-x-2">
          <HealthText status={rowValues(original).status} />
          {original.kind === 'check' && <Recency lastRun={original.check.last_runtime} />}
        </span>
      ),
    }),
    column.accessor((row) => uptimePercent(rowValues(row)), { id: 'uptime', header: 'Uptime', meta: { headerClassName: 'w-36' }, cell: ({ row }) => <UptimeBar uptime={rowValues(row.original).uptime} /> }),
    column.accessor((row) => rowValues(row).latency, { id: 'latency', header: 'Latency', meta: { headerClassName: 'w-28' }, cell: ({ row }) => <LatencyText ms={rowValues(row.original).latency} /> }),
    column.accessor((row) => rowValues(row).last_transition_time, {
      id: 'last_transition_time',
      header: 'Transition',
      meta: { headerClassName: 'w-32' },
      cell: ({ row }) => <RelativeTime value={rowValues(row.original).last_transition_time} fallback="–" side="past" />,
    }),
  ];
}
