/**
 * What the scraper screens reuse of the settings area (the generic resource's API, job history tab,
 * 'Linked to' banner and the connection form's field renderer), imported in this one place.
 */
export { useDeleteSettingsResource, useSaveSettingsResource, useSettingsList, useSettingsResource, useSpecSchema, type SettingsResource } from '../../settings/generic-resources/api';
export { JobHistoryTab } from '../../settings/generic-resources/job-history-tab';
export { buildPayload, initialFormValues, type ResourceFormValues } from '../../settings/generic-resources/payload';
export { parseSpec, specText, valuesOf, withField } from '../../settings/generic-resources/health-check-form/spec-codec';
export type { Encoding, HealthCheckVariant } from '../../settings/generic-resources/health-check-form/variants';
export { valueFieldError } from '../../settings/connections/connection-fields';
export { SelectField } from '../../settings/shared/select-field';
export { SpecFields, type SpecFieldsCodec, type Touched } from '../../settings/shared/spec-fields';
export { useCan } from '../../settings/shared/access';
export { JobStatusBadge } from '../../settings/shared/job-status';
export { PersonCell } from '../../settings/shared/person-cell';
export { linkedSourceOf, LinkedSourceBanner } from '../../settings/shared/linked-source';
export { settingsTableConfig } from '../../settings/shared/tables';
export { JobDetailsDialog } from '../../settings/jobs/job-details-dialog';
export { useJobHistoryRun, type JobHistoryRow } from '../../settings/jobs/api';
