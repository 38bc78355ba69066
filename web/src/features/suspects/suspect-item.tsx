import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { linkClass } from '../../ui/link-styles';
import { RelativeTime } from '../../ui/relative-time';
import type { SuspectChangeRef } from '../../ui/resource-extensions';
import type { ChangeKind, Suspect } from './api';

const KIND_LABELS: Readonly<Record<ChangeKind, string>> = { deployment: 'Deployment', config: 'Config edit', scaling: 'Scaling', restart: 'Restart', other: 'Change' };

/** Hops from what failed: 0 is one of its own configs. */
export function distanceText(distance: number): string {
  if (distance === 0) return 'its own config';
  return distance === 1 ? '1 hop away' : `${distance} hops away`;
}

/** The colour of a line of a unified diff: added, removed, or neither (headers included). */
function lineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---')) return 'block text-fg-muted';
  if (line.startsWith('+')) return 'block text-success';
  return line.startsWith('-') ? 'block text-danger' : 'block';
}

function DiffView({ suspect }: { suspect: Suspect }) {
  const text = suspect.diff ?? (suspect.patches ? JSON.stringify(suspect.patches, null, 2) : null);
  if (!text) return <p className="text-xs text-fg-muted">No diff recorded.</p>;
  return (
    <details>
      <summary className="cursor-pointer text-xs text-fg-muted">Diff</summary>
      <pre aria-label={`Diff of ${suspect.change_type} on ${suspect.config_name ?? suspect.config_id}`} className="mt-1 max-h-64 overflow-auto rounded bg-surface-muted p-2 font-mono text-xs whitespace-pre">
        {text.split('\n').map((line, index) => (
          <span key={index} className={lineClass(line)}>
            {line}
          </span>
        ))}
      </pre>
    </details>
  );
}

/** One suspect: the config and its change, kind, severity, distance and time, its diff, and the hand-over button when given. */
export function SuspectItem({ suspect, onAdd, addLabel, added }: { suspect: Suspect; onAdd?: (change: SuspectChangeRef) => void; addLabel: string; added: boolean }) {
  const name = suspect.config_name ?? suspect.config_id;
  return (
    <li aria-label={`${name}: ${suspect.change_type}`} className="flex flex-col gap-1 rounded border border-border p-2 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <Link to={`/catalog/${encodeURIComponent(suspect.config_id)}`} className={linkClass}>
          {name}
        </Link>
        <span className="font-medium">{suspect.change_type}</span>
        <span className="rounded bg-surface-muted px-1.5 py-0.5 text-xs">{KIND_LABELS[suspect.kind]}</span>
        {suspect.severity && <span className="text-xs text-fg-muted">{suspect.severity}</span>}
        <span className="ml-auto text-xs text-fg-muted" title={`Score ${suspect.score}: time ${suspect.scores.time}, graph ${suspect.scores.graph}, severity ${suspect.scores.severity}, kind ${suspect.scores.kind}`}>
          {distanceText(suspect.distance)} · <RelativeTime value={suspect.created_at} />
        </span>
      </div>
      {suspect.summary && <p className="text-xs break-words">{suspect.summary}</p>}
      <DiffView suspect={suspect} />
      {onAdd && (
        <div>
          <Button size="sm" variant="secondary" disabled={added} onClick={() => onAdd({ id: suspect.id, config_id: suspect.config_id, config_name: suspect.config_name, change_type: suspect.change_type, summary: suspect.summary })}>
            {added ? 'Added' : addLabel}
          </Button>
        </div>
      )}
    </li>
  );
}
