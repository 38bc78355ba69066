import { useDocumentTitle } from '../../../ui/use-document-title';
import { SettingsResourceDetailPage, type ResourceEditForm } from '../generic-resources/resource-detail-page';
import { formAddDialog } from '../generic-resources/form-add-dialog';
import { SettingsResourceListPage } from '../generic-resources/resource-list-page';
import { LogBackendForm } from './log-backend-form';

/** 'Add Log Backend': the log backend form for a new backend (its own, not the generic YAML dialog). */
const addLogBackend = formAddDialog('Add Log Backend', LogBackendForm);

const EditLogBackend: ResourceEditForm = ({ resource, onSaved, onDeleted }) => <LogBackendForm backend={resource} onSaved={onSaved} onDeleted={onDeleted} />;

/** /settings/logging_backends: the log backends, with their own Add control. */
export function LogBackendsPage() {
  useDocumentTitle('Log Backends | Pharos');
  return <SettingsResourceListPage table="logging_backends" addDialog={addLogBackend} />;
}

/** /settings/logging_backends/{id}: a log backend's form. */
export function LogBackendDetailPage() {
  return <SettingsResourceDetailPage table="logging_backends" form={EditLogBackend} />;
}
