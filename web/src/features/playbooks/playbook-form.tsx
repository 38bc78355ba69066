import { isRecord } from '@pharos/core';
import { useId, useState } from 'react';
import { parse, stringify } from 'yaml';
import { Button } from '../../ui/button';
import { CodeEditor } from '../../ui/code-editor';
import { Dialog, DialogClose } from '../../ui/dialog';
import { FieldMessage } from '../../ui/field-message';
import { REQUIRED_MESSAGE } from '../../ui/form-validation';
import { TextInput } from '../../ui/text-input';
import { toast } from '../../ui/toast/toast-store';
import { playbookNameOf, usePlaybookSpecSchema, useSavePlaybook, type Playbook, type PlaybookSpec } from './api';

export const CREATED_MESSAGE = 'Playbook Spec created successfully';
export const UPDATED_MESSAGE = 'Playbook Spec updated successfully';
export const updateFailedMessage = (message: string) => `Unable to update playbook spec: ${message}`;

/** A new playbook's spec: a starting point that passes the schema. */
export const NEW_SPEC = `description: ''
category: ''
parameters: []
actions:
  - name: say hello
    exec:
      script: echo hello
`;

const specTextOf = (spec: PlaybookSpec | null | undefined) => (spec && Object.keys(spec).length > 0 ? stringify(spec) : NEW_SPEC);

export interface PlaybookFormProps {
  /** The playbook edited; absent to create one. */
  playbook?: Playbook;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The fields of the form, mounted afresh each time it opens. */
function PlaybookFormBody({ playbook, onDone }: { playbook?: Playbook; onDone: () => void }) {
  const formId = useId();
  const schema = usePlaybookSpecSchema();
  const save = useSavePlaybook();
  const [title, setTitle] = useState(playbook?.title ?? '');
  const [specText, setSpecText] = useState(() => specTextOf(playbook?.spec));
  const [specValid, setSpecValid] = useState(true);
  const [touched, setTouched] = useState({ title: false, spec: false });
  const [submitted, setSubmitted] = useState(false);

  const titleError = title.trim() === '' ? REQUIRED_MESSAGE : playbookNameOf(title) === '' ? 'The title needs a letter or a digit' : undefined;
  const specError = specText.trim() === '' ? REQUIRED_MESSAGE : specValid ? undefined : 'Fix the problems of the spec';
  const valid = !titleError && !specError;

  const submit = () => {
    setSubmitted(true);
    if (!valid || save.isPending) return;
    let spec: unknown;
    try {
      spec = parse(specText);
    } catch (error) {
      toast.error(updateFailedMessage((error as Error).message));
      return;
    }
    if (!isRecord(spec)) {
      toast.error(updateFailedMessage('the spec must be a mapping of fields'));
      return;
    }
    save.mutate(
      { id: playbook?.id, title, spec: spec as PlaybookSpec },
      {
        onSuccess: () => {
          toast.success(playbook ? UPDATED_MESSAGE : CREATED_MESSAGE);
          onDone();
        },
        onError: (error) => toast.error(updateFailedMessage(error.message)),
      },
    );
  };

  return (
    <form
      id={formId}
      noValidate
      aria-label={playbook ? 'Edit playbook' : 'Create playbook'}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextInput
        label="Title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onBlur={() => setTouched((previous) => ({ ...previous, title: true }))}
        invalid={(touched.title || submitted) && titleError !== undefined}
        messages={(touched.title || submitted) && titleError && <FieldMessage tone="error">{titleError}</FieldMessage>}
      />
      <div onBlur={() => setTouched((previous) => ({ ...previous, spec: true }))}>
        <p className="mb-1 text-[0.8125rem] font-medium text-fg">
          Spec
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        </p>
        <CodeEditor
          label="Spec"
          value={specText}
          onChange={setSpecText}
          language="yaml"
          schema={schema.data ?? null}
          size="large"
          onValidityChange={(isValid) => setSpecValid(isValid)}
        />
        {(touched.spec || submitted) && specError && <FieldMessage tone="error">{specError}</FieldMessage>}
      </div>
      <div className="flex justify-end gap-2 border-t border-border pt-3">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={save.isPending} disabled={save.isPending}>
          {playbook ? 'Update' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The create/edit form of a playbook (spec 2 section 5): a title (the name is derived from it) and
 * the spec as YAML, checked against the playbook spec schema; category, description and icon are
 * read from the spec.
 */
export function PlaybookForm({ playbook, open, onOpenChange }: PlaybookFormProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={playbook ? `Edit ${playbook.title}` : 'Create Playbook'} size="large" preventOutsideClose>
      {open && <PlaybookFormBody playbook={playbook} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
