import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAllowed } from '../../app/access';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorPanel } from '../../ui/error-panel';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useDeletePlaybook, usePlaybooks, type Playbook } from './api';
import { PlaybookCard } from './playbook-card';
import { PlaybookForm } from './playbook-form';
import { groupByCategory } from './playbook-groups';
import { RunPlaybookModal } from './run-modal';

export const EMPTY_MESSAGE = 'There are no playbooks yet.';
export const deleteFailedMessage = (message: string) => `Unable to delete playbook spec: ${message}`;

type Open = { kind: 'create' } | { kind: 'edit' | 'run' | 'delete'; playbook: Playbook } | null;

/**
 * /playbooks (spec 2 section 2): playbook cards grouped by category, each with History and Run and
 * an edit/delete menu; Run, edit, delete and Create need write on playbooks. /playbooks/{id} (the
 * runs page's 'Edit Playbook') opens that playbook's form over the cards.
 */
export function PlaybooksPage() {
  useDocumentTitle('Playbooks');
  const playbooks = usePlaybooks();
  const canWrite = useAllowed('playbooks', 'write');
  const remove = useDeletePlaybook();
  const navigate = useNavigate();
  const { id } = useParams();
  const linked = id && canWrite ? playbooks.data?.find((playbook) => playbook.id === id) : undefined;
  const [chosen, setOpen] = useState<Open>(null);
  const open: Open = chosen ?? (linked ? { kind: 'edit', playbook: linked } : null);
  const close = () => {
    setOpen(null);
    if (id) void navigate('/playbooks', { replace: true });
  };

  let content;
  if (playbooks.isPending) content = <Skeleton className="h-32 w-full" />;
  else if (playbooks.isError) content = <ErrorPanel error={playbooks.error} />;
  else if (playbooks.data.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-10 text-center">
        <p className="text-sm text-fg-muted">{EMPTY_MESSAGE}</p>
        {canWrite && (
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <Plus className="size-4" aria-hidden="true" />
            Create Playbook
          </Button>
        )}
      </div>
    );
  } else {
    content = groupByCategory(playbooks.data).map((group) => (
      <section key={group.category} aria-label={group.category} className="space-y-3">
        <h2 className="text-sm font-semibold text-fg-muted">{group.category}</h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {group.playbooks.map((playbook) => (
            <PlaybookCard
              key={playbook.id}
              playbook={playbook}
              canWrite={canWrite}
              onRun={() => setOpen({ kind: 'run', playbook })}
              onEdit={() => setOpen({ kind: 'edit', playbook })}
              onDelete={() => setOpen({ kind: 'delete', playbook })}
            />
          ))}
        </div>
      </section>
    ));
  }

  return (
    <div className="space-y-6 p-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">Playbooks</h1>
        {canWrite && (playbooks.data?.length ?? 0) > 0 && (
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <Plus className="size-4" aria-hidden="true" />
            Create Playbook
          </Button>
        )}
      </div>
      {content}
      <PlaybookForm
        open={open?.kind === 'create' || open?.kind === 'edit'}
        playbook={open?.kind === 'edit' ? open.playbook : undefined}
        onOpenChange={(next) => !next && close()}
      />
      {open?.kind === 'run' && <RunPlaybookModal playbook={open.playbook} open onOpenChange={(next) => !next && close()} />}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        onOpenChange={(next) => !next && close()}
        title="Delete playbook"
        message={open?.kind === 'delete' ? `Delete the playbook ${open.playbook.title}? Its runs are kept.` : ''}
        confirmLabel="Delete"
        variant="danger"
        busy={remove.isPending}
        onConfirm={() => {
          if (open?.kind !== 'delete') return;
          const { playbook } = open;
          remove.mutate(playbook.id, {
            onSuccess: () => {
              toast.success(`${playbook.title} deleted successfully`);
              close();
            },
            onError: (error) => toast.error(deleteFailedMessage(error.message)),
          });
        }}
      />
    </div>
  );
}
