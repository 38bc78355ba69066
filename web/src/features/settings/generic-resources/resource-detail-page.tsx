import type { SettingsTable } from '@pharos/core';
import type { ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorPanel } from '../../../ui/error-panel';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs, type TabItem } from '../../../ui/tabs';
import { toast } from '../../../ui/toast/toast-store';
import { settingsCrumbs, SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { isSettingsTable, settingsListPath, settingsTableConfig, type SettingsTableConfig } from '../../../ui/resource-settings/tables';
import { TeamMembersTab } from '../teams/members-tab';
import { useSettingsResource, type SettingsResource } from '../../../api/settings-resources';
import { JobHistoryTab } from './job-history-tab';
import { ResourceForm } from './resource-form';
import { UnknownSettingsTable } from './unknown-table';

/** The edit form of a table with its own form (topologies, logging backends). */
export type ResourceEditForm = ComponentType<{ resource: SettingsResource; onSaved: (name: string) => void; onDeleted: () => void }>;

export interface SettingsResourceDetailPageProps {
  table?: SettingsTable;
  /** The table's own form on the Spec tab instead of the generic one. */
  form?: ResourceEditForm;
}

/** `/settings/{table}/{id}`: a settings resource's edit form, job history and (teams) members. */
export function SettingsResourceDetailPage({ table: fixedTable, form }: SettingsResourceDetailPageProps) {
  const params = useParams();
  const table = fixedTable ?? params['table'];
  const id = params['id'];
  if (!isSettingsTable(table) || !id) return <UnknownSettingsTable />;
  return <ResourceDetail key={`${table}/${id}`} config={settingsTableConfig(table)} id={id} form={form} />;
}

function ResourceDetail({ config, id, form: OwnForm }: { config: SettingsTableConfig; id: string; form: ResourceEditForm | undefined }) {
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
        content: OwnForm ? (
          <OwnForm
            key={`${resource.data.id}:${resource.data.updated_at ?? ''}`}
            resource={resource.data}
            onSaved={(saved) => {
              toastSaved(saved);
              backToList();
            }}
            onDeleted={backToList}
          />
        ) : (
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
