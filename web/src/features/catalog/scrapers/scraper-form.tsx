import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CodeEditor } from '../../../ui/code-editor';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FieldMessage } from '../../../ui/field-message';
import { fieldError, useTouched } from '../../../ui/form-validation';
import { Tabs } from '../../../ui/tabs';
import { TextInput } from '../../../ui/text-input';
import { toast } from '../../../ui/toast/toast-store';
import { fieldErrorPlace, scraperFieldErrors, type ScraperFieldError } from './scraper-errors';
import { ScraperSpecForm } from './scraper-spec-form';
import { useDeleteSettingsResource, useSaveSettingsResource, useSpecSchema, type SettingsResource } from '../../../api/settings-resources';
import { useCan } from '../../../app/access/use-can';
import { linkedSourceOf, LinkedSourceBanner } from '../../../ui/resource-settings/linked-source';
import { buildPayload, initialFormValues, type ResourceFormValues } from '../../../ui/resource-settings/payload';
import { settingsTableConfig } from '../../../ui/resource-settings/tables';

export const SCRAPERS_CONFIG = settingsTableConfig('config_scrapers');

export interface ScraperFormProps {
  /** The saved scraper; absent for a new one. */
  scraper?: SettingsResource;
  onSaved: (saved: { id: string | null; name: string }, created: boolean) => void;
  onDeleted?: (name: string) => void;
  /** Actions before Save (Cancel in the Add dialog). */
  secondaryActions?: ReactNode;
}

/**
 * A catalog scraper (spec 3 §2.7, §3, §5): its name (locked once saved), source, and its spec edited
 * with the scraper form or as YAML, both one text. Save for a new scraper, Update for a saved one,
 * with write permission on config_scrapers; a scraper from an agent, Kubernetes, a component or a
 * local file shows where it is linked to instead of the actions.
 */
export function ScraperForm({ scraper, onSaved, onDeleted, secondaryActions }: ScraperFormProps) {
  const formId = useId();
  const isNew = scraper === undefined;
  const canWrite = useCan(SCRAPERS_CONFIG.resource, 'write');
  const linked = scraper ? linkedSourceOf(scraper) : null;
  const editable = canWrite && !linked;
  const [values, setValues] = useState<ResourceFormValues>(() => initialFormValues(SCRAPERS_CONFIG, scraper));
  const [view, setView] = useState('form');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const touched = useTouched();
  // What a refused Save or Update still needs, said beside the button (the fields may be out of sight or on the Form tab).
  const [refused, setRefused] = useState<ScraperFieldError[]>([]);
  const stillMissing = refused.length > 0 ? scraperFieldErrors(values.spec) : [];
  const schema = useSpecSchema(SCRAPERS_CONFIG.schema);
  const save = useSaveSettingsResource(SCRAPERS_CONFIG);
  const remove = useDeleteSettingsResource(SCRAPERS_CONFIG);
  const set = (field: keyof ResourceFormValues) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const nameError = fieldError(values.name, { required: true });
  const nameMessage = touched.shows('name') ? nameError : undefined;
  const name = scraper?.name ?? values.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touched.submit();
    const missing = scraperFieldErrors(values.spec);
    setRefused(missing);
    if (!editable || nameError || missing.length > 0) return;
    const { payload } = buildPayload(SCRAPERS_CONFIG, values, isNew);
    save.mutate({ id: scraper?.id, payload }, { onSuccess: (saved) => onSaved({ id: saved?.id ?? scraper?.id ?? null, name: saved?.name ?? values.name.trim() }, isNew) });
  };
  const deleteScraper = () =>
    remove.mutateAsync(scraper?.id ?? '').then(() => {
      toast.success(`${name} deleted successfully`);
      onDeleted?.(name);
    });

  return (
    <form id={formId} noValidate onSubmit={submit} aria-label={isNew ? 'New Catalog Scraper' : `Edit ${name}`} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
          onBlur={() => touched.touch('name')}
          disabled={!isNew || !editable}
          invalid={Boolean(nameMessage)}
          messages={nameMessage ? <FieldMessage tone="error">{nameMessage}</FieldMessage> : undefined}
        />
        <TextInput label="Source" value={values.source} onChange={(event) => set('source')(event.target.value)} disabled={!editable} />
      </div>
      <Tabs
        label="Spec editor"
        value={view}
        onValueChange={setView}
        items={[
          { value: 'form', label: 'Form', content: <ScraperSpecForm value={values.spec} onChange={set('spec')} touched={touched} disabled={!editable} /> },
          { value: 'yaml', label: 'YAML', content: <CodeEditor label="Spec" value={values.spec} onChange={set('spec')} schema={schema.data ?? null} size="large" readOnly={!editable} /> },
        ]}
      />
      {stillMissing.length > 0 && (
        <Alert tone="error" title="Fill in the required fields">
          <ul aria-label="Required fields">
            {stillMissing.map((error) => (
              <li key={error.key}>
                {fieldErrorPlace(error.key)}: {error.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {save.error && (
        <Alert tone="error" title={isNew ? 'Could not create the catalog scraper' : `Could not update ${name}`}>
          {save.error.message}
        </Alert>
      )}
      {linked ? (
        <LinkedSourceBanner linked={linked} />
      ) : (
        <div className="flex items-center justify-end gap-2">
          {!isNew && canWrite && (
            <Button variant="danger" className="mr-auto" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
          {secondaryActions}
          {canWrite && (
            <Button type="submit" loading={save.isPending} disabled={save.isPending}>
              {isNew ? 'Save' : 'Update'}
            </Button>
          )}
        </div>
      )}
      {!isNew && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete Catalog Scraper"
          message={`Are you sure you want to delete ${name}?`}
          confirmLabel="Delete"
          variant="danger"
          onConfirm={deleteScraper}
        />
      )}
    </form>
  );
}
