import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { hasTarget, runFailureOf, targetKindsOf, usePlaybookParams, useRunPlaybook, type Playbook, type PlaybookParameter, type RunTarget } from '../api';
import { initialValues, parameterErrors, ParametersForm, type ParameterValues } from './parameters-form';
import { paramsToSend } from './parameter-rules';
import { ResourcePicker, targetOfOption } from './resource-picker';

export const SELECT_RESOURCE_MESSAGE = 'Please select a resource to see the parameters.';
export const NO_PARAMETERS_MESSAGE = 'No parameters for this playbook.';

export type RunnablePlaybook = Pick<Playbook, 'id' | 'title'> & Partial<Pick<Playbook, 'spec'>>;

export interface RunPlaybookModalProps {
  playbook: RunnablePlaybook;
  /** The resource it runs on when the caller knows it (a check's drawer, a config, a component). */
  target?: RunTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface RunFormProps {
  playbook: RunnablePlaybook;
  target: RunTarget;
  parameters: readonly PlaybookParameter[];
  needsResource: boolean;
}

/** The parameters of one playbook on one resource, and Run. */
function RunForm({ playbook, target, parameters, needsResource }: RunFormProps) {
  const navigate = useNavigate();
  const run = useRunPlaybook();
  const [values, setValues] = useState<ParameterValues>(() => initialValues(parameters));
  const [codeProblems, setCodeProblems] = useState<Record<string, string | undefined>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = parameterErrors(parameters, values, codeProblems);
  const valid = Object.values(errors).every((error) => error === undefined);
  const ready = valid && playbook.id !== '' && (!needsResource || hasTarget(target));
  const failure = run.isError ? runFailureOf(run.error) : undefined;

  const submit = () => {
    setSubmitted(true);
    if (!ready || run.isPending) return;
    run.mutate(
      { id: playbook.id, ...target, params: paramsToSend(parameters, values) },
      { onSuccess: ({ run_id }) => void navigate(`/playbooks/runs/${encodeURIComponent(run_id)}`) },
    );
  };

  return (
    <form
      noValidate
      aria-label={`Run ${playbook.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="space-y-4"
    >
      {parameters.length === 0 ? (
        <p className="text-sm text-fg-muted">{NO_PARAMETERS_MESSAGE}</p>
      ) : (
        <ParametersForm
          parameters={parameters}
          values={values}
          onChange={setValues}
          errors={errors}
          onCodeProblem={(name, message) => setCodeProblems((previous) => (previous[name] === message ? previous : { ...previous, [name]: message }))}
          showAll={submitted}
        />
      )}
      {failure && (
        <Alert tone="error" title={failure.message}>
          {failure.problems.length > 0 && (
            <ul aria-label="Problems" className="list-disc pl-4">
              {failure.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <div className="flex justify-end gap-2 border-t border-border pt-3">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!ready || run.isPending} loading={run.isPending}>
          {run.isPending ? 'Running...' : 'Run'}
        </Button>
      </div>
    </form>
  );
}

/** The parameters of the chosen resource: loading, refused, or the form. */
function ParametersOf({ playbook, target, needsResource }: { playbook: RunnablePlaybook; target: RunTarget; needsResource: boolean }) {
  const params = usePlaybookParams(playbook.id, target);
  if (params.isPending) {
    return (
      <div role="status" aria-label="Loading parameters">
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (params.isError) {
    const { message, problems } = runFailureOf(params.error);
    return (
      <Alert tone="error" title={message}>
        {problems.length > 0 && problems.join('; ')}
      </Alert>
    );
  }
  // A new resource may render other defaults: the form starts over for each.
  return <RunForm key={JSON.stringify(target)} playbook={playbook} target={target} parameters={params.data} needsResource={needsResource} />;
}

/**
 * The Run playbook modal (spec 1 section 2): a resource picker when the playbook runs on resources
 * and none is given, 'Playbook Parameters' with a field per parameter (defaults rendered for the
 * resource by the server), and Run, which starts the run and opens it.
 */
export function RunPlaybookModal({ playbook, target, open, onOpenChange }: RunPlaybookModalProps) {
  const [picked, setPicked] = useState('');
  const needsResource = targetKindsOf(playbook.spec).length > 0 || (target !== undefined && hasTarget(target));
  const fixed = target !== undefined && hasTarget(target);
  const chosen = fixed ? target : targetOfOption(picked);
  const showParameters = !needsResource || hasTarget(chosen);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Run ${playbook.title}`} size="medium" preventOutsideClose>
      <div className="space-y-5">
        {needsResource && !fixed && playbook.spec && <ResourcePicker spec={playbook.spec} value={picked} onChange={setPicked} />}
        <section aria-labelledby="playbook-parameters" className="space-y-3">
          <h3 id="playbook-parameters" className="text-sm font-semibold">
            Playbook Parameters
          </h3>
          {showParameters ? (
            <ParametersOf playbook={playbook} target={chosen} needsResource={needsResource} />
          ) : (
            <>
              <p className="text-sm text-fg-muted">{SELECT_RESOURCE_MESSAGE}</p>
              <div className="flex justify-end gap-2 border-t border-border pt-3">
                <DialogClose asChild>
                  <Button variant="secondary">Cancel</Button>
                </DialogClose>
                <Button disabled>Run</Button>
              </div>
            </>
          )}
        </section>
      </div>
    </Dialog>
  );
}
