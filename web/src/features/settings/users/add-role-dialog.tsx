import { ROLE_DROPDOWN_NAME_MAX, ROLES, toRoles, truncate } from '@pharos/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { FieldMessage } from '../../../ui/field-message';
import { MultiSelect } from '../../../ui/multi-select';
import { toast } from '../../../ui/toast/toast-store';
import { SelectField } from '../../../ui/resource-settings/select-field';
import { useUpdateRoles, useUserChoices } from './api';
import { roleLabel } from './roles';

export const ROLE_MESSAGES = { user: 'Please select any user', role: 'Please select any role' } as const;

export function AddRoleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Role to User" size="small" preventOutsideClose>
      {open && <AddRoleForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

/**
 * Picks a user (names cut to 50 characters) and their roles: the picker starts from the roles the
 * user has, and `POST /api/rbac/{id}/update_role` stores the chosen set.
 */
function AddRoleForm({ onDone }: { onDone: () => void }) {
  const users = useUserChoices(true);
  const update = useUpdateRoles();
  const [userId, setUserId] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ user?: string; role?: string }>({});

  const pickUser = (id: string) => {
    setUserId(id);
    setRoles(users.data?.find((user) => user.id === id)?.roles ?? []);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = toRoles(roles);
    const found = {
      ...(userId ? {} : { user: ROLE_MESSAGES.user }),
      ...(chosen.length > 0 ? {} : { role: ROLE_MESSAGES.role }),
    };
    setErrors(found);
    if (found.user || found.role) return;
    const name = users.data?.find((user) => user.id === userId)?.name ?? '';
    update.mutate(
      { id: userId, roles: chosen },
      {
        onSuccess: () => {
          toast.success(`${name} role updated successfully`);
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Add role to user" className="flex flex-col gap-4">
      <SelectField
        label="User"
        required
        placeholder={users.isPending ? 'Loading users…' : 'Select a user'}
        options={(users.data ?? []).map((user) => ({ value: user.id, label: truncate(user.name, ROLE_DROPDOWN_NAME_MAX) }))}
        value={userId}
        onChange={(event) => pickUser(event.target.value)}
        invalid={Boolean(errors.user)}
        messages={errors.user ? <FieldMessage tone="error">{errors.user}</FieldMessage> : undefined}
      />
      <div>
        <p className="mb-1 text-[0.8125rem] font-medium text-fg after:ml-0.5 after:text-danger after:content-['*']">Roles</p>
        <MultiSelect
          label="Roles"
          placeholder="Select roles"
          options={ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
          value={roles}
          onChange={setRoles}
          selectAll={false}
          className="w-full"
        />
        {errors.role && <FieldMessage tone="error">{errors.role}</FieldMessage>}
      </div>
      <div className="flex justify-end gap-2 border-t border-border pt-3">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={update.isPending} disabled={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
