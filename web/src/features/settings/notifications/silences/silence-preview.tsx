import { DateTime } from '../../../../ui/date-time';
import { Spinner } from '../../../../ui/spinner';
import { SendStatusBadge } from '../send-status';
import type { PreviewResult } from './api';
import type { PreviewGroup, PreviewSettlingSend } from './types';

/** What notifications grouping by topology hold now: each group's message and its dependents. */
function HeldGroups({ groups }: { groups: readonly PreviewGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 border-t border-border pt-2">
      <h4 className="text-[0.8125rem] font-semibold text-fg">Grouped under their root</h4>
      <ul aria-label="Grouped under their root" className="flex flex-col gap-2 text-[0.8125rem]">
        {groups.map((group) => (
          <li key={group.id} className="flex flex-col gap-0.5">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{group.title}</span>
              {group.notification_title && <span className="text-fg-muted">{group.notification_title}</span>}
              <span className="ml-auto text-fg-muted">
                sent at <DateTime value={group.closes_at} />
              </span>
            </span>
            <span className="font-mono text-fg-muted">{group.dependents.map((dependent) => dependent.resource_name ?? dependent.resource_id).join(', ')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Failures held while a component above them may turn unhealthy: grouped under it if it does, else sent on their own. */
function SettlingSends({ sends }: { sends: readonly PreviewSettlingSend[] }) {
  if (sends.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 border-t border-border pt-2">
      <h4 className="text-[0.8125rem] font-semibold text-fg">Held to see whether a root fails</h4>
      <ul aria-label="Held to see whether a root fails" className="flex flex-col gap-1 text-[0.8125rem]">
        {sends.map((send) => (
          <li key={send.id} className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{send.resource_name ?? send.resource_id}</span>
            <span className="text-fg-muted">{send.source_event}</span>
            {send.notification_title && <span className="text-fg-muted">{send.notification_title}</span>}
            <span className="text-fg-muted">{send.recipient}</span>
            <span className="ml-auto text-fg-muted">
              grouped or sent at <DateTime value={send.settles_at} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface SilencePreviewPanelProps {
  result: PreviewResult | undefined;
  /** Still waiting for the first answer (or for typing to stop). */
  busy: boolean;
  /** The silence names nothing yet. */
  idle: boolean;
}

/** What the silence being written would have muted in the last 7 days. */
export function SilencePreviewPanel({ result, busy, idle }: SilencePreviewPanelProps) {
  return (
    <section aria-label="Preview" aria-busy={busy || undefined} className="flex flex-col gap-2 rounded-md border border-border p-3">
      <h3 className="flex items-center gap-2 text-[0.8125rem] font-semibold text-fg">
        Preview {busy && <Spinner className="size-3.5" />}
      </h3>
      {idle && <p className="text-[0.8125rem] text-fg-muted">Give a filter or a selector to see what this silence would mute.</p>}
      {!idle && result?.ok === true && (
        <>
          <p className="text-[0.8125rem] text-fg">
            {result.preview.matches === 1 ? '1 send' : `${result.preview.matches} sends`} of the last 7 days would have been silenced.
          </p>
          {result.preview.sends.length > 0 && (
            <ul className="max-h-60 divide-y divide-border overflow-auto text-[0.8125rem]">
              {result.preview.sends.map((send) => (
                <li key={send.id} className="flex flex-wrap items-center gap-2 py-1.5">
                  <SendStatusBadge status={send.status} />
                  <span className="font-medium">{send.notification?.title ?? send.notification_title ?? send.title ?? ''}</span>
                  <span className="font-mono">{send.resource_name ?? send.resource_id ?? ''}</span>
                  <span className="text-fg-muted">{send.recipient}</span>
                  <DateTime value={send.created_at} className="ml-auto text-fg-muted" />
                </li>
              ))}
            </ul>
          )}
          <HeldGroups groups={result.preview.groups ?? []} />
          <SettlingSends sends={result.preview.settling ?? []} />
        </>
      )}
    </section>
  );
}
