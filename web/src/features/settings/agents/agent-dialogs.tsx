import { LOCAL_AGENT_ID } from '@pharos/core';
import { Dialog } from '../../../ui/dialog';
import { ErrorPanel } from '../../../ui/error-panel';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast/toast-store';
import { useAgent, useGenerateAgent, useUpdateAgent } from './api';
import { AgentForm } from './agent-form';
import { DeleteAgentButton } from './delete-agent-dialogs';
import type { GeneratedAgent } from './types';

/** 'Create new agent': on success the caller shows the installation instructions with the token. */
export function CreateAgentDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (agent: GeneratedAgent) => void }) {
  const generate = useGenerateAgent();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Create new agent" size="medium" preventOutsideClose>
      {open && (
        <AgentForm
          busy={generate.isPending}
          onSubmit={(values) =>
            generate.mutate(values, {
              onSuccess: (agent) => {
                toast.success('Agent created');
                onCreated(agent);
              },
            })
          }
        />
      )}
    </Dialog>
  );
}

/** The edit modal of `?id=`: Save, and Delete for write access on agents (never for the local agent). */
export function EditAgentDialog({ id, canWrite, onClose }: { id: string | null; canWrite: boolean; onClose: () => void }) {
  return (
    <Dialog open={id !== null} onOpenChange={(next) => !next && onClose()} title="Edit agent" size="medium" preventOutsideClose>
      {id !== null && <ExistingAgent id={id} canWrite={canWrite} onDone={onClose} />}
    </Dialog>
  );
}

function ExistingAgent({ id, canWrite, onDone }: { id: string; canWrite: boolean; onDone: () => void }) {
  const agent = useAgent(id);
  const update = useUpdateAgent();
  if (agent.isPending) return <Spinner label="Loading agent" />;
  if (agent.isError) return <ErrorPanel error={agent.error} title="Could not load the agent" />;
  const row = agent.data;
  if (!row) return <p className="text-sm text-fg-muted">This agent does not exist or was deleted.</p>;
  if (!canWrite) return <p className="text-sm text-fg-muted">You may not change agents.</p>;
  return (
    <AgentForm
      agent={row}
      busy={update.isPending}
      extraActions={row.id !== LOCAL_AGENT_ID && <DeleteAgentButton agent={row} onDeleted={onDone} />}
      onSubmit={(values) =>
        update.mutate(
          { id: row.id, values },
          {
            onSuccess: () => {
              toast.success('Agent updated');
              onDone();
            },
          },
        )
      }
    />
  );
}
