import { ROLES, type Role } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useChangeMemberRole, useMembers, useRemoveMember, type OrganizationMember } from '../../../api/organizations';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { toast } from '../../../ui/toast/toast-store';
import { roleLabel } from '../users/roles';

const column = createColumnHelper<OrganizationMember>();
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

function RoleSelect({ member }: { member: OrganizationMember }) {
  const change = useChangeMemberRole();
  return (
    <select
      aria-label={`Role of ${member.name}`}
      value={member.role}
      disabled={change.isPending}
      className="rounded-md border border-border-strong bg-canvas px-2 py-1 text-sm"
      onChange={(event) =>
        change.mutate({ id: member.id, role: event.target.value as Role }, { onSuccess: () => toast.success(`${member.name} is now ${roleLabel(event.target.value)}`) })
      }
    >
      {ROLE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** The organization's members; an admin changes their role or removes them. */
export function MembersSection({ editable }: { editable: boolean }) {
  const members = useMembers();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<OrganizationMember | null>(null);
  const columns: DataTableColumn<OrganizationMember>[] = [
    column.accessor('name', { header: 'Name' }),
    column.accessor('email', { header: 'Email' }),
    column.accessor('role', {
      header: 'Role',
      cell: (info) => (editable ? <RoleSelect member={info.row.original} /> : roleLabel(info.getValue())),
    }),
  ];
  if (editable) {
    columns.push(
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-0 text-right' },
        cell: (info) => (
          <Button variant="ghost" size="sm" aria-label={`Remove ${info.row.original.name}`} title="Remove member" onClick={() => setRemoving(info.row.original)}>
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        ),
      }),
    );
  }
  return (
    <section aria-labelledby="organization-members" className="flex flex-col gap-2">
      <h2 id="organization-members" className="text-base font-semibold text-fg">
        Members
      </h2>
      <DataTable label="Members" columns={columns} data={members.data ?? []} getRowId={(row) => row.id} isLoading={members.isPending} enableSorting={false} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove member ?"
        message={`Remove ${removing?.name ?? ''} from this organization ?`}
        confirmLabel="Remove"
        variant="danger"
        onConfirm={() => remove.mutateAsync(removing?.id ?? '').then(() => toast.success(`${removing?.name ?? 'Member'} removed`))}
      />
    </section>
  );
}
