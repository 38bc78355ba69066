import { useState } from 'react';
import { cn } from '../../ui/cn';
import { ErrorPanel } from '../../ui/error-panel';
import type { SuspectChangesProps } from '../../ui/resource-extensions';
import { Skeleton } from '../../ui/skeleton';
import { inputClass } from '../../ui/text-input';
import { DEFAULT_SUSPECT_WINDOW, SUSPECT_WINDOWS, useSuspects, type SuspectWindow } from './api';
import { SuspectItem } from './suspect-item';

const NO_ADDED: ReadonlySet<string> = new Set();

/**
 * 'Suspect changes': the catalog changes of the configs related to a check, a component or an
 * incident in the window before it turned (`GET /api/suspects`), best suspect first, each with its diff.
 */
export function SuspectChanges({ anchor, onAdd, addLabel = 'Add as evidence', added = NO_ADDED }: SuspectChangesProps) {
  const [window, setWindow] = useState<SuspectWindow>(DEFAULT_SUSPECT_WINDOW);
  const suspects = useSuspects(anchor, window);
  return (
    <section aria-label="Suspect changes" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Suspect changes</h3>
        <label className="flex items-center gap-2 text-xs">
          Window
          <select className={cn(inputClass, 'h-7 w-20')} value={window} onChange={(event) => setWindow(event.target.value as SuspectWindow)}>
            {SUSPECT_WINDOWS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </div>
      {suspects.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : suspects.isError ? (
        <ErrorPanel error={suspects.error} title="Suspect changes could not be read" hideDetails />
      ) : suspects.data.suspects.length === 0 ? (
        <p className="text-sm text-fg-muted">No changes of related configs in the {window} before it turned.</p>
      ) : (
        <>
          <ol className="flex flex-col gap-2">
            {suspects.data.suspects.map((suspect) => (
              <SuspectItem key={suspect.id} suspect={suspect} addLabel={addLabel} added={added.has(suspect.id)} {...(onAdd ? { onAdd } : {})} />
            ))}
          </ol>
          {suspects.data.truncated && <p className="text-xs text-fg-muted">Only part of a very large neighbourhood was searched.</p>}
        </>
      )}
    </section>
  );
}
