import { useState, type FormEvent } from 'react';
import { useUpdateOrganization, type Organization } from '../../../api/organizations';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { SelectField } from '../../../ui/resource-settings/select-field';
import { TextInput } from '../../../ui/text-input';
import { toast } from '../../../ui/toast/toast-store';

const SECOND_FACTOR_OPTIONS = [
  { value: 'none', label: 'Not required' },
  { value: 'admins', label: 'Required for admins' },
  { value: 'all', label: 'Required for every member' },
];

interface Values {
  name: string;
  slug: string;
  backendUrl: string;
  direct: boolean;
  secondFactor: string;
  sessionLifespan: string;
}

function valuesOf(organization: Organization): Values {
  return {
    name: organization.name,
    slug: organization.slug,
    backendUrl: organization.publicMetadata.backend_url ?? '',
    direct: organization.publicMetadata.direct,
    secondFactor: organization.policy.require_second_factor,
    sessionLifespan: organization.policy.session_lifespan_seconds === null ? '' : String(organization.policy.session_lifespan_seconds),
  };
}

/** Name, slug, public metadata {backend_url, direct} and policy of the current organization; read-only unless admin. */
export function OrganizationDetailsForm({ organization, editable }: { organization: Organization; editable: boolean }) {
  const [values, setValues] = useState<Values>(() => valuesOf(organization));
  const update = useUpdateOrganization();
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lifespan = values.sessionLifespan.trim();
    update.mutate(
      {
        name: values.name,
        slug: values.slug,
        publicMetadata: { backend_url: values.backendUrl.trim() || null, direct: values.direct },
        policy: { require_second_factor: values.secondFactor, session_lifespan_seconds: lifespan === '' ? null : Number(lifespan) },
      },
      { onSuccess: () => toast.success('Organization updated successfully') },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Organization details" className="grid max-w-3xl gap-4 sm:grid-cols-2">
      <TextInput label="Name" required value={values.name} disabled={!editable} onChange={(event) => set('name', event.target.value)} />
      <TextInput label="Slug" required value={values.slug} disabled={!editable} onChange={(event) => set('slug', event.target.value)} />
      <TextInput
        label="Backend URL"
        placeholder="https://pharos.example.com (empty: this Pharos)"
        value={values.backendUrl}
        disabled={!editable}
        onChange={(event) => set('backendUrl', event.target.value)}
      />
      <div className="flex items-end pb-2">
        <Checkbox label="Direct mode (calls go to the backend with a bearer token)" checked={values.direct} disabled={!editable} onChange={(event) => set('direct', event.target.checked)} />
      </div>
      <SelectField
        label="Second factor"
        options={SECOND_FACTOR_OPTIONS}
        value={values.secondFactor}
        disabled={!editable}
        onChange={(event) => set('secondFactor', event.target.value)}
      />
      <TextInput
        label="Session lifetime (seconds)"
        inputMode="numeric"
        placeholder="Installation default"
        value={values.sessionLifespan}
        disabled={!editable}
        onChange={(event) => set('sessionLifespan', event.target.value)}
      />
      {editable && (
        <div className="sm:col-span-2">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      )}
    </form>
  );
}
