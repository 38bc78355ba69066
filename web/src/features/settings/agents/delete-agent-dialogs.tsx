import { useState } from 'react';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog } from '../../../ui/dialog';
import { toast } from '../../../ui/toast/toast-store';
import { useDeleteAgent } from './api';

export const CLEANUP_QUESTION = 'Do you want to also delete the resources created by this agent?';

type Step = { step: 'closed' } | { step: 'cleanup' } | { step: 'confirm'; cleanup: boolean };

/**
 * The Delete button of the edit modal and its two questions: whether to also delete what the agent
 * created (Yes or No), then the confirmation. The delete is soft, with the cleanup flag.
 */
export function DeleteAgentButton({ agent, onDeleted }: { agent: { id: string; name: string }; onDeleted: () => void }) {
  const [state, setState] = useState<Step>({ step: 'closed' });
  const remove = useDeleteAgent();
  const close = () => setState({ step: 'closed' });
  return (
    <>
      <Button variant="danger" className="mr-auto" onClick={() => setState({ step: 'cleanup' })} disabled={remove.isPending}>
        Delete
      </Button>
      <Dialog
        open={state.step === 'cleanup'}
        onOpenChange={(open) => !open && close()}
        title="Delete resources created by the agent"
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={() => setState({ step: 'confirm', cleanup: false })}>
              No
            </Button>
            <Button variant="danger" onClick={() => setState({ step: 'confirm', cleanup: true })}>
              Yes
            </Button>
          </>
        }
      >
        <p className="text-sm">{CLEANUP_QUESTION}</p>
      </Dialog>
      <ConfirmDialog
        open={state.step === 'confirm'}
        onOpenChange={(open) => !open && close()}
        title="Delete Agent"
        message={
          state.step === 'confirm' && state.cleanup
            ? `Are you sure you want to delete the agent ${agent.name} and the resources it created?`
            : `Are you sure you want to delete the agent ${agent.name}? The resources it created are kept.`
        }
        confirmLabel="Delete"
        variant="danger"
        onConfirm={() =>
          remove.mutateAsync({ id: agent.id, cleanup: state.step === 'confirm' && state.cleanup }).then(() => {
            toast.success('Agent deleted');
            onDeleted();
          })
        }
      />
    </>
  );
}
