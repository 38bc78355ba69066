import { canRunCheck, type CheckSummary } from '@pharos/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../app/access/permissions';
import { Button } from '../../ui/button';
import { DateTime } from '../../ui/date-time';
import { Drawer } from '../../ui/drawer';
import { RelativeTime } from '../../ui/relative-time';
import { toast } from '../../ui/toast/toast-store';
import { STATUS_PAGE_SIZE, useCheckStatuses, useRunCheck } from './api';
import { HealthDot, healthText, UptimeCell } from './check-columns';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function History({ checkId }: { checkId: string }) {
  const [pageIndex, setPageIndex] = useState(0);
  const statuses = useCheckStatuses(checkId, pageIndex);
  if (statuses.isPending) return <p className="text-sm text-fg-muted">Loading the history…</p>;
  if (statuses.error) return <p className="text-sm text-danger">{statuses.error.message}</p>;
  const { rows, total } = statuses.data;
  if (rows.length === 0) return <p className="text-sm text-fg-muted">This check has not run yet.</p>;
  const pages = Math.ceil(total / STATUS_PAGE_SIZE);
  return (
    <div className="flex flex-col gap-2">
      <table aria-label="History" className="w-full text-left text-sm">
        <thead className="text-xs text-fg-muted">
          <tr>
            <th className="py-1 font-medium">Time</th>
            <th className="py-1 font-medium">Duration</th>
            <th className="py-1 font-medium">Message</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.time} className="border-t border-border align-top">
              <td className="whitespace-nowrap py-1 pr-3">
                <span className="flex items-center gap-2">
                  <HealthDot status={row.status ? 'healthy' : 'unhealthy'} />
                  <DateTime value={row.time} />
                </span>
              </td>
              <td className="whitespace-nowrap py-1 pr-3">{row.duration === null ? '–' : `${row.duration} ms`}</td>
              <td className="break-words py-1">{row.error ?? row.message ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button size="sm" variant="secondary" disabled={pageIndex === 0} onClick={() => setPageIndex(pageIndex - 1)}>
            Newer
          </Button>
          Page {pageIndex + 1} of {pages}
          <Button size="sm" variant="secondary" disabled={pageIndex + 1 >= pages} onClick={() => setPageIndex(pageIndex + 1)}>
            Older
          </Button>
        </div>
      )}
    </div>
  );
}

/** The detail of a check (opened by `checkId`): its state, uptime, latency, times, history and Run Now. */
export function CheckDrawer({ check, onClose }: { check: CheckSummary | undefined; onClose: () => void }) {
  const { roles } = usePermissions();
  const run = useRunCheck();
  const runNow = (id: string) =>
    run.mutate(id, {
      onSuccess: () => toast.success('You have successfully initiated the check run.'),
      onError: (error) => toast.error(error.message),
    });
  return (
    <Drawer
      // Not modal: another row of the table can be opened with the drawer up, and toasts stay announced.
      modal={false}
      open={check !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={check?.name ?? ''}
      description={check ? `${check.canary_namespace}/${check.canary_name} · ${check.type}` : undefined}
      footer={
        check && (
          <div className="flex items-center justify-end gap-2">
            <Link to={`/settings/canaries/${check.canary_id}`} className="mr-auto text-sm text-accent hover:underline">
              Edit
            </Link>
            {canRunCheck(roles) && (
              <Button loading={run.isPending} disabled={run.isPending} onClick={() => runNow(check.id)}>
                Run Now
              </Button>
            )}
          </div>
        )
      }
    >
      {check && (
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
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Fact label="Health">
              <span className="flex items-center gap-2">
                <HealthDot status={check.status} />
                {healthText(check.status)}
              </span>
            </Fact>
            <Fact label="Uptime">
              <UptimeCell check={check} />
            </Fact>
            <Fact label="Latency">
              {check.latency.p95 === null ? '–' : `p95 ${check.latency.p95} ms · p97 ${check.latency.p97} ms · p99 ${check.latency.p99} ms`}
            </Fact>
            <Fact label="Severity">{check.severity ?? '–'}</Fact>
            <Fact label="Last Run">
              <RelativeTime value={check.last_runtime} fallback="–" />
            </Fact>
            <Fact label="Transitioned">
              <RelativeTime value={check.last_transition_time} fallback="–" />
            </Fact>
            <Fact label="Next Run">
              <RelativeTime value={check.next_runtime} fallback="–" />
            </Fact>
          </dl>
          <h3 className="text-sm font-semibold">History</h3>
          <History checkId={check.id} />
        </div>
      )}
    </Drawer>
  );
}
