import { INTEGRATION_TYPES, type IntegrationType, type SettingsTable } from '@pharos/core';
import { FileText, Network, ScanSearch, type LucideIcon } from 'lucide-react';

export const INTEGRATIONS_PATH = '/settings/integrations';

interface IntegrationTypeInfo {
  /** The settings table an integration of this type is read from and saved to. */
  table: SettingsTable;
  /** What its jobs record as resource_type in job history. */
  jobResourceType: string;
  label: string;
  icon: LucideIcon;
}

const TYPES: Record<IntegrationType, IntegrationTypeInfo> = {
  scrapers: { table: 'config_scrapers', jobResourceType: 'config_scraper', label: 'Catalog Scraper', icon: ScanSearch },
  topologies: { table: 'topologies', jobResourceType: 'topology', label: 'Topology', icon: Network },
  logging_backends: { table: 'logging_backends', jobResourceType: 'logging_backend', label: 'Log Backend', icon: FileText },
};

export function isIntegrationType(value: string | undefined): value is IntegrationType {
  return value !== undefined && (INTEGRATION_TYPES as readonly string[]).includes(value);
}

export function integrationType(type: IntegrationType): IntegrationTypeInfo {
  return TYPES[type];
}

/** `/settings/integrations/{type}/{id}`. */
export function integrationPath(type: IntegrationType, id: string): string {
  return `${INTEGRATIONS_PATH}/${type}/${encodeURIComponent(id)}`;
}
