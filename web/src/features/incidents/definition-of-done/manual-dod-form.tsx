import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { useAddEvidence } from '../evidence/evidence-api';
import { ADD_TO_DOD_FAILED } from './dod-scripts';

/**
 * A definition of done written by hand (spec 2 §5: non-empty text; Add disabled while busy or
 * empty): a comment evidence on the root hypothesis, marked resolved later by hand.
 */
export function ManualDefinitionOfDone({ incidentId, hypothesisId }: { incidentId: string; hypothesisId: string }) {
  const [text, setText] = useState('');
  const add = useAddEvidence(incidentId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutate(
      [{ id: crypto.randomUUID(), hypothesis_id: hypothesisId, type: 'comment', description: null, definition_of_done: true, evidence: { comment: text.trim() } }],
      { onSuccess: () => setText(''), onError: () => toast.error(ADD_TO_DOD_FAILED) },
    );
  };
  return (
    <form aria-label="Add a manual definition of done" onSubmit={submit} className="flex flex-col gap-1.5">
      <h3 aria-hidden="true" className="text-xs font-semibold text-fg-muted">
        Manual definition of done
      </h3>
      <textarea
        aria-label="Manual definition of done"
        placeholder="e.g. Customers confirm checkout works"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={2}
        className="rounded-md border border-border-strong bg-surface p-2 text-sm text-fg"
      />
      <div>
        <Button type="submit" size="sm" variant="secondary" disabled={add.isPending || text.trim() === ''} loading={add.isPending}>
          Add
        </Button>
      </div>
    </form>
  );
}
