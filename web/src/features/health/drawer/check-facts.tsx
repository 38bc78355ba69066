import type { CheckSummary } from '@pharos/core';
import type { ReactNode } from 'react';
import { RelativeTime } from '../../../ui/relative-time';
import { StatusDot } from './status-dot';

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

/** Health, uptime with its counts, latency percentiles, severity and the run times. */
export function CheckFacts({ check }: { check: CheckSummary }) {
  const { latency, uptime } = check;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Fact label="Health">
        <span className="flex items-center gap-2">
          <StatusDot healthy={check.status === null ? null : check.status === 'healthy'} />
          {check.status === 'healthy' ? 'Healthy' : check.status === 'unhealthy' ? 'Unhealthy' : 'Not run yet'}
        </span>
      </Fact>
      <Fact label="Uptime">
        <span>{uptimeText(uptime)}</span>{' '}
        <span className="text-xs text-fg-muted">
          ({uptime.passed} passed, {uptime.failed} failed)
        </span>
      </Fact>
      <Fact label="Latency">{latency.p95 === null ? '–' : `p95 ${latency.p95} ms · p97 ${latency.p97} ms · p99 ${latency.p99} ms`}</Fact>
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
  );
}
