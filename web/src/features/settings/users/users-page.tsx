import { createColumnHelper } from '@tanstack/react-table';
import { Trash2, UserPlus, UserCog } from 'lucide-react';
import { useState } from 'react';
import { Unauthorized } from '../../../app/access/unauthorized';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { useTableUrlState } from '../../../ui/table-url-state';
import { toast } from '../../../ui/toast/toast-store';
import { useCan } from '../../../app/access/use-can';
import { SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { PersonCell } from '../../../ui/resource-settings/person-cell';
import { AddRoleDialog } from './add-role-dialog';
import { useDeleteUser, useUsers, type User } from './api';
import { InviteUserDialog } from './invite-user-dialog';
import { roleLabel } from './roles';

const column = createColumnHelper<User>();

const BASE_COLUMNS: DataTableColumn<User>[] = [
  column.accessor('name', { header: 'Name', cell: (info) => <PersonCell person={info.row.original} /> }),
  column.accessor('email', { header: 'Email' }),
  column.accessor('roles', {
    header: 'Roles',
    cell: (info) => (
      <span className="flex flex-wrap gap-1">
        {info.row.original.roles.map((role) => (
          <span key={role} className="rounded bg-surface-muted px-1.5 py-0.5 text-xs font-medium">
            {roleLabel(role)}
          </span>
        ))}
      </span>
    ),
  }),
  column.accessor('state', { header: 'State', cell: (info) => <span className="capitalize">{info.getValue()}</span> }),
  column.accessor('created_at', { header: 'Created At', cell: (info) => <DateTime value={info.getValue()} /> }),
];

/** `/settings/users`: users and their roles; invite, change roles and delete (spec 3 section 2.10). */
export function UsersPage() {
  const canRead = useCan('identities', 'read');
  if (!canRead) {
    return <Unauthorized />;
  }
  return <Users />;
}

function Users() {
  const canInvite = useCan('identities', 'write');
  const canChangeRoles = useCan('rbac', 'write');
  const url = useTableUrlState();
  const users = useUsers(url.pageIndex, url.pageSize, canChangeRoles);
  const remove = useDeleteUser();
  const [dialog, setDialog] = useState<'invite' | 'role' | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  const columns = canInvite
    ? [
        ...BASE_COLUMNS,
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          meta: { className: 'w-0 text-right' },
          cell: (info) => (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete ${info.row.original.name}`}
              title="Delete user"
              onClick={() => setDeleting(info.row.original)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          ),
        }),
      ]
    : BASE_COLUMNS;

  return (
    <SettingsPage>
      <SettingsPageHeader
        title="Users"
        actions={
          <>
            {canChangeRoles && (
              <Button size="sm" variant="secondary" onClick={() => setDialog('role')}>
                <UserCog className="size-4" aria-hidden="true" />
                Add Role to User
              </Button>
            )}
            {canInvite && (
              <Button size="sm" onClick={() => setDialog('invite')}>
                <UserPlus className="size-4" aria-hidden="true" />
                Invite User
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label="Users"
        columns={columns}
        data={users.data?.rows ?? []}
        totalRowCount={users.data?.total}
        getRowId={(row) => row.id}
        isLoading={users.isPending}
        isFetching={users.isFetching && !users.isPending}
        enableSorting={false}
      />
      {canInvite && <InviteUserDialog open={dialog === 'invite'} onOpenChange={(open) => setDialog(open ? 'invite' : null)} />}
      {canChangeRoles && <AddRoleDialog open={dialog === 'role'} onOpenChange={(open) => setDialog(open ? 'role' : null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete User ?"
        message="Are you sure you want to delete this user ?"
        confirmLabel="Delete"
        variant="danger"
        onConfirm={() =>
          remove.mutateAsync(deleting ?? { id: '' }).then(() => {
            toast.success('user deleted successfully');
          })
        }
      />
    </SettingsPage>
  );
}
