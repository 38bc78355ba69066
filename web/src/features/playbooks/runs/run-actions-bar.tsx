import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DeniedHint, useAllowed } from '../../../app/access';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { linkClass } from '../../../ui/link-styles';
import { toast } from '../../../ui/toast/toast-store';
import { runFailureOf, useRunPlaybook, type ParameterValue, type PlaybookRun } from '../api';
import { hasEnded } from './run-steps';
import { useRunCommand } from './runs-api';

const paramsOf = (run: PlaybookRun): Record<string, ParameterValue> =>
  Object.fromEntries(
    Object.entries(run.parameters ?? {}).map(([name, value]) => [name, typeof value === 'string' || typeof value === 'boolean' ? value : JSON.stringify(value)]),
  );

/**
 * Approve (while the run waits for approval; disabled with the server's reason for those who may not), Cancel (until it ends, once confirmed),
 * Re-run (the same playbook, resource and parameters, then the new run) and Edit Playbook (write on
 * connections, spec 2 §6).
 */
export function RunActionsBar({ run }: { run: PlaybookRun }) {
  const navigate = useNavigate();
  const canRun = useAllowed('playbook_runs', 'write');
  const canEdit = useAllowed('connections', 'write');
  const approve = useRunCommand(run.id, 'approve');
  const cancel = useRunCommand(run.id, 'cancel');
  const rerun = useRunPlaybook();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const fail = (error: unknown) => toast.error(runFailureOf(error).message);

  const onRerun = () =>
    rerun.mutate(
      {
        id: run.playbook_id,
        params: paramsOf(run),
        ...(run.config_id ? { config_id: run.config_id } : run.component_id ? { component_id: run.component_id } : run.check_id ? { check_id: run.check_id } : {}),
      },
      { onSuccess: ({ run_id }) => void navigate(`/playbooks/runs/${encodeURIComponent(run_id)}`), onError: fail },
    );

  return (
    <div className="flex flex-wrap items-center gap-2">
      {run.status === 'waiting' && run.awaiting_approval !== false && (
        <DeniedHint reason={run.approval_refusal}>
          <Button
            size="sm"
            onClick={() => approve.mutate(undefined, { onSuccess: () => toast.success('Run approved'), onError: fail })}
            disabled={approve.isPending || Boolean(run.approval_refusal)}
          >
            {approve.isPending ? 'Approving...' : 'Approve'}
          </Button>
        </DeniedHint>
      )}
      {canRun && !hasEnded(run.status) && (
        <Button size="sm" variant="danger" onClick={() => setConfirmingCancel(true)} disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel'}
        </Button>
      )}
      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title="Cancel this run?"
        message="Its running action is stopped with every process it started, and the actions after it do not run."
        confirmLabel="Cancel run"
        cancelLabel="Keep running"
        variant="danger"
        onConfirm={() =>
          cancel.mutateAsync(undefined).then(
            () => toast.success('Run cancelled'),
            (error: unknown) => {
              fail(error);
              throw error;
            },
          )
        }
      />
      {canRun && (
        <Button size="sm" variant="secondary" onClick={onRerun} disabled={rerun.isPending}>
          {rerun.isPending ? 'Running...' : 'Re-run'}
        </Button>
      )}
      {canEdit && (
        <Link to={`/playbooks/${encodeURIComponent(run.playbook_id)}`} className={`${linkClass} px-2 text-sm`}>
          Edit Playbook
        </Link>
      )}
    </div>
  );
}
