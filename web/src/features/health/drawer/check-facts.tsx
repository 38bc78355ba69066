import type { CheckSummary } from '@pharos/core';
import type { ReactNode } from 'react';
import { RelativeTime } from '../../../ui/relative-time';
import { StatusDot } from './status-dot';

// The drawer's times are often seconds away (the next run of a check every 30s): they move every second.
const SECOND = 1000;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** Uptime = passed / (passed + failed), one decimal (spec 1 §9). */
export function uptimeText({ passed, failed }: CheckSummary['uptime']): string {
  const total = passed + failed;
  if (total === 0) return '–';
  const percent = (passed / total) * 100;
  return `${percent === 100 || percent === 0 ? percent.toFixed(0) : percent.toFixed(1)}%`;
}

/**
 * Health, uptime with its counts, latency percentiles, severity and the run times. `uptime` counts the
 * runs of the drawer's range (the chart's), null while they load.
 */
export function CheckFacts({ check, uptime }: { check: CheckSummary; uptime: CheckSummary['uptime'] | null }) {
  const { latency } = check;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Fact label="Health">
        <span className="flex items-center gap-2">
          <StatusDot healthy={check.status === null ? null : check.status === 'healthy'} />
          {check.status === 'healthy' ? 'Healthy' : check.status === 'unhealthy' ? 'Unhealthy' : 'Not run yet'}
        </span>
      </Fact>
      <Fact label="Uptime">
        {uptime ? (
          <>
            <span>{uptimeText(uptime)}</span>{' '}
            <span className="text-xs text-fg-muted">
              ({uptime.passed} passed, {uptime.failed} failed)
            </span>
          </>
        ) : (
          <span className="text-fg-muted">…</span>
        )}
      </Fact>
      <Fact label="Latency">{latency.p95 === null ? '–' : `p95 ${latency.p95} ms · p97 ${latency.p97} ms · p99 ${latency.p99} ms`}</Fact>
      <Fact label="Severity">{check.severity ?? '–'}</Fact>
      <Fact label="Last Run">
        <RelativeTime value={check.last_runtime} fallback="–" tick={SECOND} side="past" />
      </Fact>
      <Fact label="Transitioned">
        <RelativeTime value={check.last_transition_time} fallback="–" tick={SECOND} side="past" />
      </Fact>
      <Fact label="Next Run">
        <RelativeTime value={check.next_runtime} fallback="–" tick={SECOND} side="future" />
      </Fact>
    </dl>
  );
}
