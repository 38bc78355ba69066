import { can, canRunCheck, defaultTimeRangeForAge, TIME_RANGES, type CheckSummary, type TimeRange } from '@pharos/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Guard } from '../../app/access/guard';
import { usePermissions } from '../../app/access/permissions';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Drawer } from '../../ui/drawer';
import { linkClass } from '../../ui/link-styles';
import { useResourceExtensions } from '../../ui/resource-extensions';
import { Tabs, type TabItem } from '../../ui/tabs';
import { inputClass } from '../../ui/text-input';
import { toast } from '../../ui/toast/toast-store';
import { CheckFacts } from './drawer/check-facts';
import { useCheckDetail, useCheckGraph, useRunCheckNow } from './drawer/drawer-api';
import { HealthChart, runCounts } from './drawer/health-chart';
import { HistoryTab } from './drawer/history-tab';
import { RelationshipsTab } from './drawer/relationships-tab';
import { CheckSourceLink } from './drawer/source-link';
import { SpecTab } from './drawer/spec-tab';
import { useShortScreen } from './drawer/use-short-screen';

/** The drawer's first range: the smallest from 1h up to 5y that covers the age of the last run (spec 1 §9). */
export function initialRange(check: CheckSummary, now = Date.now()): TimeRange {
  return check.last_runtime ? defaultTimeRangeForAge(now - Date.parse(check.last_runtime)) : '1h';
}

function RangeSelect({ value, onChange }: { value: TimeRange; onChange: (range: TimeRange) => void }) {
  return (
    <label className="flex items-center gap-2 whitespace-nowrap text-[0.8125rem] font-medium">
      Time Range
      <select className={cn(inputClass, 'h-8 w-24')} value={value} onChange={(event) => onChange(event.target.value as TimeRange)}>
        {TIME_RANGES.map((range) => (
          <option key={range} value={range}>
            {range}
          </option>
        ))}
      </select>
    </label>
  );
}

function Overview({ series, range }: { series: ReturnType<typeof useCheckGraph>; range: TimeRange }) {
  if (series.error) return <p className="text-sm text-danger">{series.error.message}</p>;
  if (!series.data) return <p className="text-sm text-fg-muted">loading data...</p>;
  return <HealthChart points={series.data} range={range} />;
}

function Footer({ check }: { check: CheckSummary }) {
  const { roles } = usePermissions();
  const { PlaybooksMenu, LinkToIncident } = useResourceExtensions();
  const detail = useCheckDetail(check.id);
  const run = useRunCheckNow();
  const runNow = () =>
    run.mutate(check.id, {
      onSuccess: () => toast.success('You have successfully initiated the check run.'),
      onError: (error) => console.error(`Run Now of check ${check.id} failed`, error),
    });
  return (
    <div className="flex w-full flex-wrap items-center justify-end gap-2">
      <span className="mr-auto flex min-w-0 items-center">
        <CheckSourceLink canary={detail.data?.canaries ?? null} canaryId={check.canary_id} />
      </span>
      {PlaybooksMenu && can(roles, 'playbook_runs', 'write') && <PlaybooksMenu target={{ check_id: check.id }} />}
      {LinkToIncident && (
        <Guard resource="evidences" action="write" features={['incidents']}>
          <LinkToIncident target={{ check_id: check.id }} description={check.name} />
        </Guard>
      )}
      <Link to={`/settings/canaries/${encodeURIComponent(check.canary_id)}`} className={cn(linkClass, 'px-2 text-sm')}>
        Edit
      </Link>
      {canRunCheck(roles) && (
        <Button loading={run.isPending} disabled={run.isPending} onClick={runNow}>
          Run Now
        </Button>
      )}
    </div>
  );
}

/** What may have broken the check and what fixed it before: 'Suspect changes' and 'Suggested fixes'. */
function CauseAndFix({ checkId }: { checkId: string }) {
  const { SuspectChanges, SuggestedFixes } = useResourceExtensions();
  return (
    <>
      <Guard resource="database" features={['config']}>
        {SuspectChanges && <SuspectChanges anchor={{ check_id: checkId }} />}
      </Guard>
      <Guard resource="playbooks" features={['playbooks']}>
        {SuggestedFixes && <SuggestedFixes target={{ check_id: checkId }} />}
      </Guard>
    </>
  );
}

function DrawerBody({ check }: { check: CheckSummary }) {
  const [range, setRange] = useState<TimeRange>(() => initialRange(check));
  const short = useShortScreen();
  const detail = useCheckDetail(check.id);
  // One query for the chart and the Uptime beside it, so both count the runs of the same range.
  const series = useCheckGraph(check.id, range);
  const pending = <p className="text-sm text-fg-muted">loading data...</p>;
  const failed = detail.error ? <p className="text-sm text-danger">{detail.error.message}</p> : null;
  const tabs: TabItem[] = [
    { value: 'history', label: 'History', content: <HistoryTab checkId={check.id} range={range} /> },
    ...(short ? [{ value: 'graph', label: 'Graph', content: <Overview series={series} range={range} /> }] : []),
    { value: 'spec', label: 'Spec', content: failed ?? (detail.data ? <SpecTab spec={detail.data.spec} /> : pending) },
    { value: 'relationships', label: 'Relationships', content: failed ?? (detail.data ? <RelationshipsTab detail={detail.data} /> : pending) },
  ];
  return (
    <div className="flex flex-col gap-4">
      {Object.keys(check.labels).length > 0 && (
        <ul aria-label="Labels" className="flex flex-wrap gap-1">
          {Object.entries(check.labels).map(([key, value]) => (
            <li key={key} className="rounded bg-surface-muted px-1.5 py-0.5 text-xs">
              {key}: {value}
            </li>
          ))}
        </ul>
      )}
      <CheckFacts check={check} uptime={series.data ? runCounts(series.data) : null} />
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Health Overview</h3>
        <RangeSelect value={range} onChange={setRange} />
      </div>
      {!short && <Overview series={series} range={range} />}
      <Tabs label="Check details" items={tabs} />
      <CauseAndFix checkId={check.id} />
    </div>
  );
}

/** What the drawer says of a `checkId` no check of the dashboard has (deleted, mistyped or malformed). */
export const CHECK_NOT_FOUND = 'Check not found';

/**
 * The detail of a check (opened by `checkId`): labels, uptime, latency, times, the Health Overview
 * over a chosen range, tabs History, Graph (short screens), Spec and Relationships, and the suspect
 * changes and suggested fixes; the footer
 * has the source link, Playbooks, Edit and Run Now. With `missingId` (a `checkId` that names no check)
 * it says the check was not found rather than open nothing.
 */
export function CheckDrawer({ check, missingId = null, onClose }: { check: CheckSummary | undefined; missingId?: string | null; onClose: () => void }) {
  const missing = check === undefined && missingId !== null;
  return (
    <Drawer
      // Not modal: another row of the table can be opened with the drawer up, and toasts stay announced.
      modal={false}
      open={check !== undefined || missing}
      onOpenChange={(open) => !open && onClose()}
      title={check?.name ?? (missing ? CHECK_NOT_FOUND : '')}
      description={check ? `${check.canary_namespace}/${check.canary_name} · ${check.type}` : undefined}
      footer={check && <Footer check={check} />}
    >
      {check && <DrawerBody key={check.id} check={check} />}
      {missing && (
        <p role="alert" className="text-sm">
          No check has the id <code className="break-all">{missingId}</code>: it may have been deleted, or the link is incomplete.
        </p>
      )}
    </Drawer>
  );
}
