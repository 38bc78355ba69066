import { CheckCircle2, Circle, Code2, MinusCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import type { useEvidenceActions } from '../evidence/evidence-api';
import { evidenceTitle } from '../evidence/evidence-item';
import type { EvidenceRow } from '../types';
import { REMOVE_FROM_DOD_FAILED, SCRIPT_FAILED, SCRIPT_SHORTCUTS } from './dod-scripts';
import { ScriptEditor } from './script-editor';

type Actions = ReturnType<typeof useEvidenceActions>;
type Asking = 'remove' | 'resolve' | 'delete' | null;

/** Resolves when the mutation succeeds, rejects when it fails (the dialog stays open then). */
const settle = (run: (options: { onSuccess: () => void; onError: (error: Error) => void }) => void) =>
  new Promise<void>((resolve, reject) => run({ onSuccess: () => resolve(), onError: reject }));

/** One item of the definition of done: done or not, its script, and what can be done with it. */
export function DefinitionOfDoneItem({ item, actions }: { item: EvidenceRow; actions: Actions }) {
  const [asking, setAsking] = useState<Asking>(null);
  const [editing, setEditing] = useState(false);
  const title = evidenceTitle(item);
  const shortcut = SCRIPT_SHORTCUTS[item.type];
  const resolveLabel = item.done ? 'Mark as not resolved' : 'Mark as resolved';

  const confirm = () => {
    if (asking === 'remove')
      return settle((options) => actions.update.mutate({ id: item.id, patch: { definition_of_done: false }, failure: REMOVE_FROM_DOD_FAILED }, options));
    if (asking === 'resolve')
      return settle((options) => actions.update.mutate({ id: item.id, patch: { done: !item.done }, failure: item.done ? 'Marking the comment as not resolved failed' : 'Marking the comment as resolved failed' }, options));
    return settle((options) => actions.remove.mutate(item.id, options));
  };
  const dialogs: Record<Exclude<Asking, null>, { title: string; message: string; confirmLabel: string; variant: 'primary' | 'danger' }> = {
    remove: { title: 'Remove from definition of done', message: `Remove '${title}' from the definition of done?`, confirmLabel: 'Remove', variant: 'danger' },
    resolve: { title: resolveLabel, message: `${resolveLabel}: '${title}'?`, confirmLabel: resolveLabel, variant: 'primary' },
    delete: { title: 'Delete evidence', message: `Delete the evidence '${title}'? It is removed from its hypothesis too.`, confirmLabel: 'Delete', variant: 'danger' },
  };

  return (
    <li aria-label={title} data-done={item.done ? 'true' : 'false'} className="flex min-w-0 flex-col gap-1 rounded-md border border-border px-2 py-1.5">
      <div className="flex items-start gap-2">
        <span aria-label={item.done ? 'Done' : 'Not done'} role="img" className={item.done ? 'text-success' : 'text-fg-muted'}>
          {item.done ? <CheckCircle2 className="size-4" aria-hidden="true" /> : <Circle className="size-4" aria-hidden="true" />}
        </span>
        <span className="min-w-0 flex-1 break-words">{title}</span>
      </div>
      {editing ? (
        <ScriptEditor
          script={item.script ?? null}
          busy={actions.update.isPending}
          onCancel={() => setEditing(false)}
          onSave={(script) => actions.update.mutate({ id: item.id, patch: { script }, failure: SCRIPT_FAILED }, { onSuccess: () => setEditing(false) })}
        />
      ) : (
        item.script && (
          <code aria-label={`Script of ${title}`} className="block max-h-32 max-w-full overflow-y-auto rounded bg-surface-muted px-1.5 py-0.5 text-xs break-all whitespace-pre-wrap">
            {item.script}
          </code>
        )
      )}
      <div className="flex flex-wrap gap-1">
        {item.type === 'comment' && (
          <Button size="sm" variant="secondary" onClick={() => setAsking('resolve')}>
            {resolveLabel}
          </Button>
        )}
        {shortcut && item.script !== shortcut.script && (
          <Button size="sm" variant="ghost" title={shortcut.script} className="h-auto! min-h-8 max-w-full py-1 text-left whitespace-normal!" onClick={() => actions.update.mutate({ id: item.id, patch: { script: shortcut.script }, failure: SCRIPT_FAILED })}>
            {shortcut.label}
          </Button>
        )}
        {item.type !== 'comment' && !editing && (
          <Button size="sm" variant="ghost" aria-label={`Edit script of ${title}`} onClick={() => setEditing(true)}>
            <Code2 className="size-3.5" aria-hidden="true" />
            Script
          </Button>
        )}
        <Button size="sm" variant="ghost" aria-label={`Remove ${title} from definition of done`} onClick={() => setAsking('remove')}>
          <MinusCircle className="size-3.5" aria-hidden="true" />
          Remove
        </Button>
        <Button size="sm" variant="ghost" aria-label={`Delete evidence ${title}`} onClick={() => setAsking('delete')}>
          <Trash2 className="size-3.5" aria-hidden="true" />
        </Button>
      </div>
      {asking && <ConfirmDialog open onOpenChange={(open) => !open && setAsking(null)} {...dialogs[asking]} onConfirm={confirm} />}
    </li>
  );
}
