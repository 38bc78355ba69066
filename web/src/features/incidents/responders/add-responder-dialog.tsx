import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { useAddResponder } from './api';
import { teamClientTypes, type TeamClientType } from './client-fields';
import { ResponderTypeStep } from './responder-type-step';
import { SelectResponderStep, type ResponderKind } from './select-responder-step';
import { TeamResponderForm } from './team-responder-form';
import type { NewResponder, TeamRef } from './types';

const STEPS = ['Select Responder', 'Responder Type', 'Save Team Responder'] as const;
type Step = 0 | 1 | 2;
const FORM_ID = 'save-team-responder';

function StepList({ step }: { step: Step }) {
  return (
    <ol aria-label="Steps" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-[0.8125rem]">
      {STEPS.map((name, index) => (
        <li key={name} aria-current={index === step ? 'step' : undefined} className={cn(index === step ? 'font-semibold text-fg' : 'text-fg-muted')}>
          {index + 1}. {name}
        </li>
      ))}
    </ol>
  );
}

/**
 * The add-responder dialog: Select Responder (team or person), then the team's Responder Type,
 * then Save Team Responder with that type's fields; a person is added directly. Success or
 * failure, the dialog closes and a toast tells which.
 */
export function AddResponderDialog({ incidentId }: { incidentId: string }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>(0);
  const [kind, setKind] = useState<ResponderKind>('team');
  const [team, setTeam] = useState<TeamRef | null>(null);
  const [personId, setPersonId] = useState('');
  const [type, setType] = useState<TeamClientType | null>(null);
  const add = useAddResponder(incidentId);
  const types = teamClientTypes(team?.spec?.responder_clients);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setStep(0);
      setKind('team');
      setTeam(null);
      setPersonId('');
      setType(null);
    }
  };
  const save = (responder: NewResponder) => add.mutate(responder, { onSettled: () => setOpen(false) });

  const footer = (
    <>
      {step === 0 ? (
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
      ) : (
        <Button variant="secondary" onClick={() => setStep((step - 1) as Step)} disabled={add.isPending}>
          Back
        </Button>
      )}
      {step === 0 && kind === 'person' && (
        <Button onClick={() => save({ kind: 'person', person_id: personId })} disabled={!personId || add.isPending} loading={add.isPending}>
          Add
        </Button>
      )}
      {step === 0 && kind === 'team' && (
        <Button onClick={() => setStep(1)} disabled={!team}>
          Next
        </Button>
      )}
      {step === 1 && (
        <Button onClick={() => setStep(2)} disabled={!type}>
          Next
        </Button>
      )}
      {step === 2 && (
        <Button type="submit" form={FORM_ID} disabled={add.isPending} loading={add.isPending}>
          Save
        </Button>
      )}
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="secondary" size="sm">
          <UserPlus className="size-4" aria-hidden="true" />
          Add responder
        </Button>
      }
      title="Add responder"
      size="small"
      preventOutsideClose={step === 2}
      footer={footer}
    >
      <StepList step={step} />
      {step === 0 && (
        <SelectResponderStep
          kind={kind}
          onKind={setKind}
          teamId={team?.id ?? ''}
          onTeam={(next) => {
            setTeam(next);
            setType(null);
          }}
          personId={personId}
          onPerson={setPersonId}
        />
      )}
      {step === 1 && <ResponderTypeStep types={types} value={type} onChange={setType} />}
      {step === 2 && team && type && (
        <TeamResponderForm
          formId={FORM_ID}
          team={team}
          type={type}
          onSave={(fields) => save({ kind: 'team', team_id: team.id, responderType: type, fields })}
        />
      )}
    </Dialog>
  );
}
