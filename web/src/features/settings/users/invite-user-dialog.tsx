import { ROLES, type Role } from '@pharos/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { FieldMessage } from '../../../ui/field-message';
import { TextInput } from '../../../ui/text-input';
import { toast } from '../../../ui/toast/toast-store';
import { SelectField } from '../../../ui/resource-settings/select-field';
import { useInviteUser, useOrganizationMode } from './api';
import { roleLabel } from './roles';

/** A basic email pattern: something@something.something, without spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const INVITE_MESSAGES = {
  firstName: 'Please provide valid first name',
  lastName: 'Please provide valid last name',
  email: 'Please provide valid email',
  emailFormat: 'Entered value does not match email format',
  role: 'Please select any role',
} as const;

interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

type InviteErrors = Partial<Record<keyof InviteValues, string>>;

/**
 * The invite form's rules (spec 3 section 5). An organization invites an address with a role, and the
 * person chooses their own name when they sign up, so `withName` is false in organization mode.
 */
export function validateInvite(values: InviteValues, withName = true): InviteErrors {
  const errors: InviteErrors = {};
  if (withName && values.firstName.trim() === '') errors.firstName = INVITE_MESSAGES.firstName;
  if (withName && values.lastName.trim() === '') errors.lastName = INVITE_MESSAGES.lastName;
  const email = values.email.trim();
  if (email === '') errors.email = INVITE_MESSAGES.email;
  else if (!EMAIL_PATTERN.test(email)) errors.email = INVITE_MESSAGES.emailFormat;
  if (!(ROLES as readonly string[]).includes(values.role)) errors.role = INVITE_MESSAGES.role;
  return errors;
}

export function InviteUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Invite User" size="small" preventOutsideClose>
      {open && <InviteForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState<InviteValues>({ firstName: '', lastName: '', email: '', role: '' });
  const [errors, setErrors] = useState<InviteErrors>({});
  const invite = useInviteUser();
  const withName = !useOrganizationMode();
  const set = (field: keyof InviteValues) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const message = (field: keyof InviteValues) =>
    errors[field] ? <FieldMessage tone="error">{errors[field]}</FieldMessage> : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateInvite(values, withName);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    const email = values.email.trim();
    const role = values.role as Role;
    invite.mutate(withName ? { firstName, lastName, email, role } : { email, role }, {
      onSuccess: () => {
        toast.success(`${withName ? `${firstName} ${lastName}` : email} invited successfully`);
        onDone();
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Invite user" className="flex flex-col gap-4">
      {!withName && <p className="text-sm text-fg-muted">The invitation is mailed to this address; the person chooses their own name when they sign up.</p>}
      {withName && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="First Name"
            required
            value={values.firstName}
            onChange={(event) => set('firstName')(event.target.value)}
            invalid={Boolean(errors.firstName)}
            messages={message('firstName')}
            autoFocus
          />
          <TextInput
            label="Last Name"
            required
            value={values.lastName}
            onChange={(event) => set('lastName')(event.target.value)}
            invalid={Boolean(errors.lastName)}
            messages={message('lastName')}
          />
        </div>
      )}
      <TextInput
        label="Email"
        type="email"
        required
        autoFocus={!withName}
        value={values.email}
        onChange={(event) => set('email')(event.target.value)}
        invalid={Boolean(errors.email)}
        messages={message('email')}
      />
      <SelectField
        label="Role"
        required
        placeholder="Select a role"
        options={ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
        value={values.role}
        onChange={(event) => set('role')(event.target.value)}
        invalid={Boolean(errors.role)}
        messages={message('role')}
      />
      <div className="flex justify-end gap-2 border-t border-border pt-3">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={invite.isPending} disabled={invite.isPending}>
          Invite
        </Button>
      </div>
    </form>
  );
}
