import type { SettingsTable } from '@pharos/core';
import type { ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { TabItem } from '../../../ui/tabs';
import { ResourceDetailTabs, toastSaved } from '../../../ui/resource-settings/resource-detail-tabs';
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

  return (
    <SettingsPage>
      <SettingsPageHeader
        title={name || config.title}
        crumbs={name ? settingsCrumbs({ title: config.title, path: settingsListPath(config.table) }, name) : null}
      />
      <ResourceDetailTabs resource={resource} noun={config.name} tabs={(saved) => detailTabs(config, saved, OwnForm, backToList)} />
    </SettingsPage>
  );
}

function detailTabs(config: SettingsTableConfig, saved: SettingsResource, OwnForm: ResourceEditForm | undefined, backToList: () => void): TabItem[] {
  const onSaved = (name: string) => toastSaved(name, backToList);
  const tabs: TabItem[] = [
    {
      value: 'spec',
      label: 'Spec',
      content: OwnForm ? (
        <OwnForm key={`${saved.id}:${saved.updated_at ?? ''}`} resource={saved} onSaved={onSaved} onDeleted={backToList} />
      ) : (
        <ResourceForm key={`${saved.id}:${saved.updated_at ?? ''}`} config={config} resource={saved} onSaved={onSaved} onDeleted={backToList} />
      ),
    },
  ];
  if (config.jobResourceType) {
    tabs.push({ value: 'job-history', label: 'Job History', content: <JobHistoryTab resourceId={saved.id} resourceType={config.jobResourceType} /> });
  }
  if (config.members) tabs.push({ value: 'members', label: 'Members', content: <TeamMembersTab teamId={saved.id} /> });
  return tabs;
}
