import { Link } from 'react-router';
import { Drawer } from '../../../ui/drawer';
import { DateTime } from '../../../ui/date-time';
import { ErrorPanel } from '../../../ui/error-panel';
import { Spinner } from '../../../ui/spinner';
import { useChange, type ChangeListItem } from './changes-api';
import { SeverityBadge } from './severity-badge';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="break-words">{children ?? '-'}</dd>
    </div>
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A change in full: what it is, its unified diff and patch, and its details. */
export function ChangeDrawer({ change, onClose }: { change: ChangeListItem | null; onClose: () => void }) {
  const detail = useChange(change?.config_id ?? null, change?.id ?? null);
  const full = detail.data;
  return (
    <Drawer open={change !== null} onOpenChange={(open) => !open && onClose()} title={change ? `${change.change_type}: ${change.name ?? change.config_id}` : ''} size="large">
      {change && (
        <div className="flex flex-col gap-4">
          <dl>
            <Field label="Config">
              <Link className="text-accent hover:underline" to={`/catalog/${change.config_id}`}>
                {change.name ?? change.config_id}
              </Link>{' '}
              <span className="text-fg-muted">{change.type}</span>
            </Field>
            <Field label="Change type">{change.change_type}</Field>
            <Field label="Summary">{change.summary}</Field>
            <Field label="Severity">
              <SeverityBadge severity={change.severity} />
            </Field>
            <Field label="Source">{change.source}</Field>
            <Field label="Created by">{change.external_created_by ?? change.created_by}</Field>
            <Field label="Count">{change.count}</Field>
            <Field label="First observed">
              <DateTime value={change.first_observed} />
            </Field>
            <Field label="Created">
              <DateTime value={change.created_at} />
            </Field>
          </dl>
          {detail.isLoading && <Spinner />}
          {detail.error && <ErrorPanel error={detail.error} />}
          {full?.diff && (
            <section aria-label="Diff">
              <h3 className="mb-1 text-sm font-semibold">Diff</h3>
              <pre className="overflow-auto rounded bg-surface-muted p-2 font-mono text-xs">
                {full.diff.split('\n').map((line, index) => (
                  <div key={index} className={line.startsWith('+') && !line.startsWith('+++') ? 'text-[light-dark(#067647,#47cd89)]' : line.startsWith('-') && !line.startsWith('---') ? 'text-[light-dark(#b42318,#f97066)]' : undefined}>
                    {line || ' '}
                  </div>
                ))}
              </pre>
            </section>
          )}
          {full?.patches != null && (
            <section aria-label="Patch">
              <h3 className="mb-1 text-sm font-semibold">Patch</h3>
              <pre className="overflow-auto rounded bg-surface-muted p-2 font-mono text-xs">{json(full.patches)}</pre>
            </section>
          )}
          {full?.details != null && (
            <section aria-label="Details">
              <h3 className="mb-1 text-sm font-semibold">Details</h3>
              <pre className="overflow-auto rounded bg-surface-muted p-2 font-mono text-xs">{json(full.details)}</pre>
            </section>
          )}
        </div>
      )}
    </Drawer>
  );
}
