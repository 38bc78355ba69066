import type { ScrapeInput } from '../../extract.js';
import type { ConfigHealth, ScrapedRelationship } from '../../scrape-types.js';

/** config-db's GCP config types (api/v1/gcp.go) and classes (its asset type's kind), by the asset type they read. */
export const GCP_KINDS = {
  instance: { assetType: 'compute.googleapis.com/Instance', type: 'GCP::Instance', configClass: 'Instance' },
  network: { assetType: 'compute.googleapis.com/Network', type: 'GCP::Network', configClass: 'Network' },
  subnetwork: { assetType: 'compute.googleapis.com/Subnetwork', type: 'GCP::Subnetwork', configClass: 'Subnetwork' },
  bucket: { assetType: 'storage.googleapis.com/Bucket', type: 'GCP::Bucket', configClass: 'Bucket' },
} as const;

export type GcpKind = (typeof GCP_KINDS)[keyof typeof GCP_KINDS];

/** One GCP resource as config-db's ScrapeResult has it. */
export interface GcpItem {
  kind: GcpKind;
  id: string;
  name: string;
  config: Record<string, unknown>;
  labels: Record<string, string>;
  tags: Record<string, string>;
  status?: string;
  health?: ConfigHealth;
  createdAt?: Date;
  parent?: { type: string; externalId: string };
  relationships: ScrapedRelationship[];
}

/** A resource's own JSON fields, as the REST APIs send them. */
export type Resource = Record<string, unknown>;

export const field = (resource: Resource, name: string): string | undefined => {
  const value = resource[name];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
};

export function labelsOf(resource: Resource): Record<string, string> {
  const labels = resource['labels'];
  if (typeof labels !== 'object' || labels === null) return {};
  return Object.fromEntries(Object.entries(labels).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

export function createdAtOf(resource: Resource): Date | undefined {
  const at = field(resource, 'creationTimestamp') ?? field(resource, 'timeCreated');
  const date = at ? new Date(at) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** `RUNNING` → `Running`. */
export function statusText(state: string | undefined): string | undefined {
  if (!state) return undefined;
  const words = state.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The last part of a resource URL: `…/zones/europe-west1-b` → `europe-west1-b`. */
export const lastPart = (link: string | undefined) => link?.slice(link.lastIndexOf('/') + 1) || undefined;

/** config-db's region of a zone: its first two parts (`europe-west1-b` → `europe-west1`). */
export const regionOfZone = (zone: string) => zone.split('-').slice(0, 2).join('-');

const COMPUTE_LINK = 'https://www.googleapis.com/compute/v1/';

/** config-db's cleanLinks: compute links in a config are kept without `https://www.googleapis.com/compute/v1/`. */
function withoutComputeLinks(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(COMPUTE_LINK, '');
  if (Array.isArray(value)) return value.map(withoutComputeLinks);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutComputeLinks(inner)]));
  return value;
}

/** A relationship to the item from `type`/`externalId`, upstream of it. */
export const relatedFrom = (type: string, externalId: string): ScrapedRelationship => ({ selector: { type, externalId }, parent: true });

export function inputOfItem(item: GcpItem, source: string): ScrapeInput {
  return {
    document: withoutComputeLinks(item.config),
    source,
    defaults: {
      id: item.id,
      type: item.kind.type,
      class: item.kind.configClass,
      name: item.name,
      labels: item.labels,
      tags: item.tags,
      createdAt: item.createdAt ?? null,
      status: item.status ?? null,
      health: item.health ?? null,
      parent: item.parent ?? null,
      relationships: item.relationships,
    },
  };
}
