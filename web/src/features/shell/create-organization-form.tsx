import { useState, type FormEvent } from 'react';
import { useCreateOrganization } from '../../api/organizations';
import { Button } from '../../ui/button';
import { FieldMessage } from '../../ui/field-message';
import { TextInput } from '../../ui/text-input';

const SLUG_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export const ORGANIZATION_FORM_MESSAGES = {
  name: 'This field is required',
  slug: 'The slug must be 1 to 63 lowercase letters, digits or hyphens, starting and ending with a letter or digit',
} as const;

/** "Acme Ops" → "acme-ops", the slug offered while the person has not typed one. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** Name and slug of a new organization; on success the app starts afresh inside it. */
export function CreateOrganizationForm({ onCancel }: { onCancel?: () => void }) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const create = useCreateOrganization();
  const effectiveSlug = slug ?? slugOf(name);
  const nameError = touched && name.trim() === '' ? ORGANIZATION_FORM_MESSAGES.name : undefined;
  const slugError = touched && !SLUG_PATTERN.test(effectiveSlug) ? ORGANIZATION_FORM_MESSAGES.slug : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (name.trim() === '' || !SLUG_PATTERN.test(effectiveSlug)) return;
    create.mutate({ name: name.trim(), slug: effectiveSlug });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Create organization" className="flex flex-col gap-4">
      <TextInput
        label="Organization name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        invalid={Boolean(nameError)}
        messages={nameError ? <FieldMessage tone="error">{nameError}</FieldMessage> : undefined}
        autoFocus
      />
      <TextInput
        label="Slug"
        required
        value={effectiveSlug}
        onChange={(event) => setSlug(event.target.value)}
        invalid={Boolean(slugError)}
        messages={slugError ? <FieldMessage tone="error">{slugError}</FieldMessage> : undefined}
      />
      <div className="flex justify-end gap-2 border-t border-border pt-3">
        {onCancel && (
          <Button variant="secondary" type="button" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create'}
        </Button>
      </div>
    </form>
  );
}
