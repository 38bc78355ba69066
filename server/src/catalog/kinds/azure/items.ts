import { isRecord } from '@pharos/core';
import type { ScrapeInput } from '../../extract.js';
import type { ConfigHealth, ScrapedRelationship } from '../../scrape-types.js';

/** config-db's type of an ARM resource: `Azure::` and the resource's own type. */
export const AZURE_TYPES = {
  resourceGroup: 'Azure::Microsoft.Resources/resourceGroups',
  virtualMachine: 'Azure::Microsoft.Compute/virtualMachines',
  virtualNetwork: 'Azure::Microsoft.Network/virtualNetworks',
  subnet: 'Azure::Microsoft.Network/virtualNetworks/subnets',
  storageAccount: 'Azure::Microsoft.Storage/storageAccounts',
} as const;

/** config-db's id of an ARM resource: its resource id, lower-cased (as Advisor names it). */
export const armId = (id: string) => id.toLowerCase();

/** The resource group of a resource id (`/subscriptions/…/resourceGroups/{name}/…`), lower-cased as ids are. */
export function resourceGroupOf(id: string): string | undefined {
  const segments = id.toLowerCase().replace(/^\/+/, '').split('/');
  return segments[2] === 'resourcegroups' && segments[3] ? segments[3] : undefined;
}

export const stringOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
export const propertiesOf = (resource: Record<string, unknown>): Record<string, unknown> => (isRecord(resource['properties']) ? resource['properties'] : {});

/** ARM's `tags` object as labels. */
export function labelsOf(resource: Record<string, unknown>): Record<string, string> {
  const tags = isRecord(resource['tags']) ? resource['tags'] : {};
  return Object.fromEntries(Object.entries(tags).map(([key, value]) => [key, String(value)]));
}

/** Health from ARM's provisioningState: Succeeded is healthy, Failed unhealthy, on its way a warning. */
export function provisioningHealth(state: string | undefined): ConfigHealth {
  if (!state) return 'unknown';
  if (state === 'Succeeded') return 'healthy';
  if (state === 'Failed' || state === 'Canceled') return 'unhealthy';
  return 'warning';
}

export interface AzureItem {
  type: string;
  configClass: string;
  resource: Record<string, unknown>;
  /** The resource id; the item's id is its lower-cased form. */
  id: string;
  status?: string;
  health: ConfigHealth;
  parent?: { type: string; externalId: string };
  relationships?: ScrapedRelationship[];
}

/** The item as an input of the catalog's pipeline, tagged with its subscription and resource group as config-db does. */
export function inputOfItem(item: AzureItem, subscriptionID: string, source: string): ScrapeInput {
  const group = resourceGroupOf(item.id);
  const location = stringOf(item.resource['location']);
  return {
    document: item.resource,
    source,
    defaults: {
      id: armId(item.id),
      type: item.type,
      class: item.configClass,
      name: stringOf(item.resource['name']) ?? item.id,
      labels: labelsOf(item.resource),
      tags: { subscriptionID, ...(group ? { resourceGroup: group } : {}), ...(location ? { region: location } : {}) },
      createdAt: null,
      status: item.status ?? null,
      health: item.health,
      parent: item.parent ?? null,
      relationships: item.relationships ?? [],
    },
  };
}
