import type { SettingsTable } from '@pharos/core';
import { useNavigate, useParams } from 'react-router';
import { ErrorPanel } from '../../../ui/error-panel';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs, type TabItem } from '../../../ui/tabs';
import { toast } from '../../../ui/toast/toast-store';
import { settingsCrumbs, SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { isSettingsTable, settingsListPath, settingsTableConfig, type SettingsTableConfig } from '../shared/tables';
import { TeamMembersTab } from '../teams/members-tab';
import { useSettingsResource } from './api';
import { JobHistoryTab } from './job-history-tab';
import { ResourceForm } from './resource-form';
import { UnknownSettingsTable } from './unknown-table';

/** `/settings/{table}/{id}`: a settings resource's edit form, job history and (teams) members. */
export function SettingsResourceDetailPage({ table: fixedTable }: { table?: SettingsTable }) {
  const params = useParams();
  const table = fixedTable ?? params['table'];
  const id = params['id'];
  if (!isSettingsTable(table) || !id) return <UnknownSettingsTable />;
  return <ResourceDetail key={`${table}/${id}`} config={settingsTableConfig(table)} id={id} />;
}

function ResourceDetail({ config, id }: { config: SettingsTableConfig; id: string }) {
  const navigate = useNavigate();
  const resource = useSettingsResource(config, id);
  const name = resource.data?.name ?? '';
  const backToList = () => void navigate(settingsListPath(config.table));

  let body;
  if (resource.isPending) {
    body = (
      <div role="status" aria-label="Loading" className="space-y-3">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  } else if (resource.isError) {
    body = <ErrorPanel error={resource.error} title={`Could not load the ${config.name.toLowerCase()}`} hideDetails />;
  } else if (!resource.data) {
    body = <ErrorPanel error="No resources found" title={`${config.name} not found`} hideDetails />;
  } else {
    const tabs: TabItem[] = [
      {
        value: 'spec',
        label: 'Spec',
        content: (
          <ResourceForm
            key={`${resource.data.id}:${resource.data.updated_at ?? ""}`}
            config={config}
            resource={resource.data}
            onSaved={(saved) => {
              toastSaved(saved);
              backToList();
            }}
            onDeleted={backToList}
          />
        ),
      },
    ];
    if (config.jobResourceType) {
      tabs.push({
        value: 'job-history',
        label: 'Job History',
        content: <JobHistoryTab resourceId={resource.data.id} resourceType={config.jobResourceType} />,
      });
    }
    if (config.members) tabs.push({ value: 'members', label: 'Members', content: <TeamMembersTab teamId={resource.data.id} /> });
    body = <Tabs label={`${config.name} details`} items={tabs} urlParam="tab" resetParams={['pageIndex', 'pageSize', 'job']} />;
  }

  return (
    <SettingsPage>
      <SettingsPageHeader
        title={name || config.title}
        crumbs={name ? settingsCrumbs({ title: config.title, path: settingsListPath(config.table) }, name) : null}
      />
      {body}
    </SettingsPage>
  );
}

function toastSaved(name: string) {
  toast.success(`${name} updated successfully`);
}
