import { cn } from '../../ui/cn';
import type { ExpressionOutcome } from './evaluate';

function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** The result of a preview, or its error with the position to look at. */
export function ExpressionResult({ outcome }: { outcome: ExpressionOutcome | null }) {
  if (!outcome) return <p className="text-sm text-fg-muted">Type an expression to see its result.</p>;
  return (
    <div role="status" aria-label="Result" className={cn('rounded-md border p-2', outcome.ok ? 'border-border bg-surface-muted' : 'border-danger/40 bg-danger/5')}>
      {outcome.ok ? (
        <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words font-mono text-xs">{shown(outcome.value)}</pre>
      ) : (
        <p className="font-mono text-xs text-danger">{outcome.message}</p>
      )}
    </div>
  );
}
