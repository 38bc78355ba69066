import { useState } from 'react';
import { useDocumentTitle } from '../../../ui/use-document-title';
import type { SettingsResource } from '../../../api/settings-resources';
import { ResourceForm, type ResourceFormProps } from '../generic-resources/resource-form';
import { SettingsResourceDetailPage, type ResourceEditForm } from '../generic-resources/resource-detail-page';
import { formAddDialog } from '../generic-resources/form-add-dialog';
import { SettingsResourceListPage } from '../generic-resources/resource-list-page';
import { settingsTableConfig } from '../../../ui/resource-settings/tables';
import { TopologySpecForm } from './topology-spec-form';

export const TOPOLOGIES_CONFIG = settingsTableConfig('topologies');

/**
 * A topology (spec 3 §2.7, §3): name and namespace (locked once saved), source ('UI' for a new one),
 * labels, and its spec with the topology form or as YAML; a topology from an agent, a component,
 * Kubernetes or a local file shows where it is linked to instead of the actions.
 */
export function TopologyForm({ topology, ...rest }: { topology?: SettingsResource } & Pick<ResourceFormProps, 'onSaved' | 'onDeleted' | 'secondaryActions' | 'editorSize'>) {
  const [componentsError, setComponentsError] = useState<string | null>(null);
  return (
    <ResourceForm
      config={TOPOLOGIES_CONFIG}
      {...(topology ? { resource: topology } : {})}
      {...rest}
      specForm={(props) => <TopologySpecForm {...props} onComponentsError={setComponentsError} />}
      specErrors={() => (componentsError ? [componentsError] : [])}
    />
  );
}

/** 'Add Topology': the topology form for a new topology (its own, not the generic YAML dialog). */
const addTopology = formAddDialog('Add Topology', (props) => <TopologyForm editorSize="medium" {...props} />);

const EditTopology: ResourceEditForm = ({ resource, onSaved, onDeleted }) => <TopologyForm topology={resource} onSaved={onSaved} onDeleted={onDeleted} />;

/** /settings/topologies: the topologies, with their own Add control. */
export function TopologiesPage() {
  useDocumentTitle('Topologies | Pharos');
  return <SettingsResourceListPage table="topologies" addDialog={addTopology} />;
}

/** /settings/topologies/{id}: a topology's form and job history. */
export function TopologyDetailPage() {
  return <SettingsResourceDetailPage table="topologies" form={EditTopology} />;
}
