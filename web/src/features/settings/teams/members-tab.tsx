import { createColumnHelper } from '@tanstack/react-table';
import { UserMinus, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../ui/button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { MultiSelect } from '../../../ui/multi-select';
import { useTableUrlState } from '../../../ui/table-url-state';
import { toast } from '../../../ui/toast/toast-store';
import { useCan } from '../../../app/access/use-can';
import { PersonCell } from '../../../ui/resource-settings/person-cell';
import { settingsTableConfig } from '../../../ui/resource-settings/tables';
import { useAddTeamMembers, usePeople, useRemoveTeamMember, useTeamMembers, type Person } from './api';

export const NO_MEMBERS_TEXT = "You haven't added any team members to the team yet.";

const column = createColumnHelper<Person>();

/** The Members tab of a team: who is in it, adding people not yet in it, removing members. */
export function TeamMembersTab({ teamId }: { teamId: string }) {
  const canWrite = useCan(settingsTableConfig('teams').resource, 'write');
  const members = useTeamMembers(teamId);
  const people = usePeople();
  const add = useAddTeamMembers(teamId);
  const remove = useRemoveTeamMember(teamId);
  const [chosen, setChosen] = useState<string[]>([]);
  const url = useTableUrlState();

  const memberPeople = useMemo(() => (members.data ?? []).map((member) => member.person_id).filter(Boolean), [members.data]);
  const candidates = useMemo(() => {
    const inTeam = new Set(memberPeople.map((person) => person.id));
    return (people.data ?? [])
      .filter((person) => !inTeam.has(person.id))
      .map((person) => ({ value: person.id, label: person.email ? `${person.name} (${person.email})` : person.name }));
  }, [people.data, memberPeople]);

  const addChosen = () => {
    const ids = chosen.filter((id) => candidates.some((option) => option.value === id));
    if (ids.length === 0) return;
    const names = ids.map((id) => people.data?.find((person) => person.id === id)?.name ?? id);
    add.mutate(ids, {
      onSuccess: () => {
        toast.success(`${names.join(', ')} added to the team successfully`);
        setChosen([]);
      },
    });
  };

  const columns: DataTableColumn<Person>[] = [
    column.accessor('id', { header: 'ID', cell: (info) => <span className="font-mono text-xs text-fg-muted">{info.getValue()}</span> }),
    column.accessor('name', { header: 'Name', cell: (info) => <PersonCell person={info.row.original} /> }),
    column.accessor('email', { header: 'Email' }),
  ];
  if (canWrite) {
    columns.push(
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-0 text-right' },
        cell: (info) => {
          const person = info.row.original;
          return (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${person.name}`}
              title="Remove from team"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(person.id, { onSuccess: () => toast.success(`${person.name} removed from team successfully`) })
              }
            >
              <UserMinus className="size-4" aria-hidden="true" />
            </Button>
          );
        },
      }),
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {canWrite && (
        <div className="flex flex-wrap items-center gap-2">
          <MultiSelect
            label="Users"
            placeholder="Select users to add"
            options={candidates}
            value={chosen}
            onChange={setChosen}
            selectAll={false}
            className="w-80"
          />
          <Button size="sm" onClick={addChosen} disabled={chosen.length === 0 || add.isPending} loading={add.isPending}>
            <UserPlus className="size-4" aria-hidden="true" />
            Add Members
          </Button>
        </div>
      )}
      <DataTable
        label="Team members"
        columns={columns}
        data={memberPeople.slice(url.pageIndex * url.pageSize, (url.pageIndex + 1) * url.pageSize)}
        totalRowCount={members.data ? memberPeople.length : undefined}
        getRowId={(row) => row.id}
        isLoading={members.isPending}
        enableSorting={false}
        emptyMessage={NO_MEMBERS_TEXT}
      />
    </div>
  );
}
