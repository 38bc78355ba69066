import { formatDuration } from '@pharos/core';
import type { ReactNode } from 'react';
import { DateTime } from '../../../ui/date-time';
import type { PlaybookRun } from '../api';
import { RunResourceLink, runDurationMs } from './run-resource';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The run's resource, timing, parameters and approvals (who approved, and when). */
export function RunDetails({ run, resource, createdBy }: { run: PlaybookRun; resource: Parameters<typeof RunResourceLink>[0]['run']; createdBy: string | null }) {
  const parameters = Object.entries(run.parameters ?? {});
  const duration = runDurationMs(run);
  return (
    <aside aria-label="Run details" className="flex flex-col gap-4">
      <dl className="flex flex-col gap-3">
        {(run.config_id || run.component_id || run.check_id) && (
          <Item term="Resource">
            <RunResourceLink run={resource} />
          </Item>
        )}
        {createdBy && <Item term="Requested by">{createdBy}</Item>}
        <Item term="Created">
          <DateTime value={run.created_at} />
        </Item>
        {run.start_time && (
          <Item term="Started">
            <DateTime value={run.start_time} />
          </Item>
        )}
        {duration !== null && <Item term="Duration">{formatDuration(duration)}</Item>}
      </dl>
      <section aria-label="Parameters" className="flex flex-col gap-1">
        <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">Parameters</h3>
        {parameters.length === 0 ? (
          <p className="text-sm text-fg-muted">No parameters</p>
        ) : (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
            {parameters.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="text-fg-muted">{name}</dt>
                <dd className="font-mono break-all whitespace-pre-wrap">{valueText(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section aria-label="Approvals" className="flex flex-col gap-1">
        <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">Approvals</h3>
        {run.approvals.length === 0 ? (
          <p className="text-sm text-fg-muted">No approvals</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {run.approvals.map((approval, index) => (
              <li key={index}>
                <span className="font-medium">{approval.person ?? approval.email ?? approval.team}</span>
                {approval.team && approval.person && <span className="text-fg-muted"> for {approval.team}</span>}
                <span className="text-fg-muted">
                  {' '}
                  · <DateTime value={approval.created_at} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
