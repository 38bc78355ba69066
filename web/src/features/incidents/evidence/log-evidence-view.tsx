import { AnsiText } from '../../../ui/ansi-text';
import { cn } from '../../../ui/cn';
import { DateTime } from '../../../ui/date-time';
import type { EvidenceBody } from '../types';
import { shownRows } from './log-context';

/** The selected lines of log evidence with 3 lines of context around each (spec 2 §3). */
export function LogEvidenceView({ evidence }: { evidence: EvidenceBody }) {
  const rows = shownRows(evidence.lines ?? [], evidence.selected_lines ?? []);
  if (rows.length === 0) return <p className="text-xs text-fg-muted">No lines selected</p>;
  return (
    <ol aria-label="Log lines" className="mt-1 w-full overflow-x-auto rounded-md border border-border font-mono text-xs">
      {rows.map((row, at) =>
        row.kind === 'gap' ? (
          <li key={`gap-${at}`} className="px-2 text-fg-muted">
            … {row.skipped} more
          </li>
        ) : (
          <li key={`line-${row.index}`} data-selected={row.selected ? 'true' : undefined} className={cn('flex gap-2 px-2 py-0.5', row.selected ? 'bg-accent/15 font-semibold' : 'text-fg-muted')}>
            <DateTime value={row.line.timestamp} format="logTimestamp" className="shrink-0" />
            {evidence.includeMessages !== false && row.line.message !== undefined && <AnsiText text={row.line.message} />}
            {row.line.labels && Object.keys(row.line.labels).length > 0 && (
              <span className="text-fg-muted">{Object.entries(row.line.labels).map(([key, value]) => `${key}=${value}`).join(' ')}</span>
            )}
          </li>
        ),
      )}
    </ol>
  );
}
