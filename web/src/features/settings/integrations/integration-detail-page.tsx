import type { IntegrationType } from '@pharos/core';
import { useNavigate, useParams } from 'react-router';
import { ErrorPanel } from '../../../ui/error-panel';
import { useResourceExtensions } from '../../../ui/resource-extensions';
import { ResourceDetailTabs, toastSaved } from '../../../ui/resource-settings/resource-detail-tabs';
import { useSettingsResource, type SettingsResource } from '../../../api/settings-resources';
import { JobHistoryTab } from '../generic-resources/job-history-tab';
import { LogBackendForm } from '../log-backends/log-backend-form';
import { settingsCrumbs, SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { settingsTableConfig } from '../../../ui/resource-settings/tables';
import { TopologyForm } from '../topologies/topology-pages';
import { useInvalidateIntegrations } from './api';
import { integrationType, INTEGRATIONS_PATH, isIntegrationType } from './integration-types';

export const UNKNOWN_TYPE_TEXT = 'Unknown type';

/** /settings/integrations/{type}/{id}: the integration's Spec (the form of its type) and Job History tabs. */
export function IntegrationDetailPage() {
  const { type, id } = useParams();
  if (!isIntegrationType(type) || !id) {
    return (
      <SettingsPage>
        <SettingsPageHeader title="Integration" />
        <ErrorPanel error={UNKNOWN_TYPE_TEXT} title={UNKNOWN_TYPE_TEXT} hideDetails />
      </SettingsPage>
    );
  }
  return <IntegrationDetail key={`${type}/${id}`} type={type} id={id} />;
}

function SpecForm({ type, resource, onSaved, onDeleted }: { type: IntegrationType; resource: SettingsResource; onSaved: (name: string) => void; onDeleted: () => void }) {
  const { ScraperForm } = useResourceExtensions();
  switch (type) {
    case 'scrapers':
      return ScraperForm ? <ScraperForm scraper={resource} onSaved={({ name }) => onSaved(name)} onDeleted={onDeleted} /> : null;
    case 'topologies':
      return <TopologyForm topology={resource} onSaved={onSaved} onDeleted={onDeleted} />;
    case 'logging_backends':
      return <LogBackendForm backend={resource} onSaved={onSaved} onDeleted={onDeleted} />;
  }
}

function IntegrationDetail({ type, id }: { type: IntegrationType; id: string }) {
  const navigate = useNavigate();
  const info = integrationType(type);
  const config = settingsTableConfig(info.table);
  const resource = useSettingsResource(config, id);
  const invalidate = useInvalidateIntegrations();
  const name = resource.data?.name ?? '';
  const backToList = () => {
    void invalidate();
    void navigate(INTEGRATIONS_PATH);
  };

  return (
    <SettingsPage>
      <SettingsPageHeader
        title={name || info.label}
        crumbs={name ? settingsCrumbs({ title: 'Integrations', path: INTEGRATIONS_PATH }, name) : null}
      />
      <ResourceDetailTabs
        resource={resource}
        noun={info.label}
        tabs={(saved) => [
          {
            value: 'spec',
            label: 'Spec',
            content: (
              <SpecForm
                key={`${saved.id}:${saved.updated_at ?? ''}`}
                type={type}
                resource={saved}
                onSaved={(savedName) => toastSaved(savedName, backToList)}
                onDeleted={backToList}
              />
            ),
          },
          { value: 'job-history', label: 'Job History', content: <JobHistoryTab resourceId={saved.id} resourceType={info.jobResourceType} /> },
        ]}
      />
    </SettingsPage>
  );
}
