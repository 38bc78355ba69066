import { AGENT_DEFAULTS, PAGE_SIZE_OPTIONS } from '@pharos/core';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../app/access/use-can';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { ErrorPanel } from '../../../ui/error-panel';
import { useTableUrlState, type TableSort } from '../../../ui/table-url-state';
import { SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { useAgents } from './api';
import { agentColumns } from './agent-columns';
import { CreateAgentDialog, EditAgentDialog } from './agent-dialogs';
import { InstallationInstructions } from './installation-instructions';
import type { GeneratedAgent } from './types';

const DEFAULT_SORT: TableSort = { id: AGENT_DEFAULTS.sortBy, desc: AGENT_DEFAULTS.sortOrder === 'desc' };
const ADD_PARAM = 'addAgent';
const ID_PARAM = 'id';

/** `/settings/agents`: the agents from agents_summary, a create button (`?addAgent=true`) and the edit modal (`?id=`). */
export function AgentsPage() {
  const canWrite = useCan('agents', 'write');
  const [search, setSearch] = useSearchParams();
  const [generated, setGenerated] = useState<GeneratedAgent | null>(null);
  const url = useTableUrlState({ defaultSort: DEFAULT_SORT });
  const list = useAgents({ pageIndex: url.pageIndex, pageSize: url.pageSize, sort: url.sort ?? DEFAULT_SORT });
  const columns = useMemo(() => agentColumns(), []);

  const setParam = (name: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ADD_PARAM);
        next.delete(ID_PARAM);
        if (value !== null) next.set(name, value);
        return next;
      },
      { replace: value === null },
    );

  return (
    <SettingsPage>
      <SettingsPageHeader
        title="Agents"
        actions={
          canWrite && (
            <Button size="sm" onClick={() => setParam(ADD_PARAM, 'true')}>
              <Plus className="size-4" aria-hidden="true" />
              Create new agent
            </Button>
          )
        }
      />
      {list.isError && !list.data ? (
        <ErrorPanel error={list.error} title="Could not load the agents" hideDetails />
      ) : (
        <DataTable
          label="Agents"
          columns={columns}
          data={list.data?.data ?? []}
          totalRowCount={list.data?.totalEntries}
          getRowId={(row) => row.id}
          isLoading={list.isPending}
          isFetching={list.isFetching && !list.isPending}
          defaultSort={DEFAULT_SORT}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          dense
          onRowClick={(row) => setParam(ID_PARAM, row.id)}
        />
      )}
      {canWrite && (
        <CreateAgentDialog
          open={search.get(ADD_PARAM) === 'true'}
          onClose={() => setParam(ADD_PARAM, null)}
          onCreated={(agent) => {
            setParam(ADD_PARAM, null);
            setGenerated(agent);
          }}
        />
      )}
      <InstallationInstructions agent={generated} onClose={() => setGenerated(null)} />
      <EditAgentDialog id={search.get(ID_PARAM)} canWrite={canWrite} onClose={() => setParam(ID_PARAM, null)} />
    </SettingsPage>
  );
}
