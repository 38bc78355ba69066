import { ROLES, type Role } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useInvitations, useRevokeInvitation, useSendInvitation, type OrganizationInvitation } from '../../../api/organizations';
import { Button } from '../../../ui/button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { FieldMessage } from '../../../ui/field-message';
import { SelectField } from '../../../ui/resource-settings/select-field';
import { TextInput } from '../../../ui/text-input';
import { toast } from '../../../ui/toast/toast-store';
import { roleLabel } from '../users/roles';

const column = createColumnHelper<OrganizationInvitation>();
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function InvitationForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [error, setError] = useState<string | null>(null);
  const send = useSendInvitation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (address === '') return setError('Please provide valid email');
    if (!EMAIL_PATTERN.test(address)) return setError('Entered value does not match email format');
    setError(null);
    send.mutate(
      { email: address, role },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${address}`);
          setEmail('');
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Invite member" className="flex flex-wrap items-start gap-3">
      <div className="min-w-64 flex-1">
        <TextInput
          label="Email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          invalid={error !== null}
          messages={error ? <FieldMessage tone="error">{error}</FieldMessage> : undefined}
        />
      </div>
      <SelectField label="Role" options={ROLES.map((value) => ({ value, label: roleLabel(value) }))} value={role} onChange={(event) => setRole(event.target.value as Role)} />
      <Button type="submit" className="mt-6" disabled={send.isPending}>
        Send invitation
      </Button>
    </form>
  );
}

/** Open invitations of the organization (admins only): send by email with a role, or revoke. */
export function InvitationsSection() {
  const invitations = useInvitations(true);
  const revoke = useRevokeInvitation();
  const columns: DataTableColumn<OrganizationInvitation>[] = [
    column.accessor('email', { header: 'Email' }),
    column.accessor('role', { header: 'Role', cell: (info) => roleLabel(info.getValue()) }),
    column.accessor('invited_by', { header: 'Invited by' }),
    column.accessor('created_at', { header: 'Sent', cell: (info) => <DateTime value={info.getValue()} /> }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-0 text-right' },
      cell: (info) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Revoke invitation of ${info.row.original.email}`}
          onClick={() => revoke.mutate(info.row.original.id, { onSuccess: () => toast.success(`Invitation of ${info.row.original.email} revoked`) })}
        >
          Revoke
        </Button>
      ),
    }),
  ];
  return (
    <section aria-labelledby="organization-invitations" className="flex flex-col gap-2">
      <h2 id="organization-invitations" className="text-base font-semibold text-fg">
        Invitations
      </h2>
      <InvitationForm />
      <DataTable label="Invitations" columns={columns} data={invitations.data ?? []} getRowId={(row) => row.id} isLoading={invitations.isPending} enableSorting={false} />
    </section>
  );
}
