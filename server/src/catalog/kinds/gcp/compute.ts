import { compute_v1 } from '@googleapis/compute';
import type { ConfigHealth } from '../../scrape-types.js';
import { createdAtOf, field, GCP_KINDS, labelsOf, lastPart, regionOfZone, relatedFrom, statusText, type GcpItem, type Resource } from './items.js';
import { attempt, type ProjectScrape } from './project.js';

/** An instance's health from its status: running is healthy, on its way up or down a warning, stopped unhealthy. */
function instanceHealth(status: string | undefined): ConfigHealth {
  if (status === 'RUNNING') return 'healthy';
  if (status === 'PROVISIONING' || status === 'STAGING' || status === 'STOPPING' || status === 'SUSPENDING' || status === 'REPAIRING') return 'warning';
  if (status === 'TERMINATED' || status === 'SUSPENDED' || status === 'STOPPED') return 'unhealthy';
  return 'unknown';
}

/** A subnetwork's `state`: READY, or DRAINING while a load balancer's proxy subnet is replaced. */
const subnetworkHealth = (state: string | undefined): ConfigHealth | undefined => (state === 'READY' ? 'healthy' : state === 'DRAINING' ? 'warning' : undefined);

/** Resources link each other by selfLink; items are saved under their numeric id (config-db's ID). */
type IdsByLink = Map<string, string>;

/** The resources of every zone or region of an aggregatedList answer (`items: {"zones/…": {instances: […]}}`). */
function aggregated(items: Record<string, Record<string, unknown>> | undefined, list: string): Resource[] {
  return Object.values(items ?? {}).flatMap((scope) => (Array.isArray(scope[list]) ? (scope[list] as Resource[]) : []));
}

/** Every page of a list call. */
async function allPages<Page extends { nextPageToken?: string | null }>(read: (pageToken: string | undefined) => Promise<Page>): Promise<Page[]> {
  const pages: Page[] = [];
  let pageToken: string | undefined;
  do {
    const page = await read(pageToken);
    pages.push(page);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return pages;
}

function itemBase(scrape: ProjectScrape, resource: Resource): Pick<GcpItem, 'id' | 'name' | 'config' | 'labels'> & { createdAt?: Date } {
  const name = field(resource, 'name') ?? '';
  const createdAt = createdAtOf(resource);
  return { id: field(resource, 'id') ?? name, name, config: resource, labels: labelsOf(resource), ...(createdAt ? { createdAt } : {}) };
}

async function networks(scrape: ProjectScrape, api: compute_v1.Compute, ids: IdsByLink, keep: boolean): Promise<void> {
  const pages = await allPages(async (pageToken) => (await api.networks.list({ project: scrape.project, ...(pageToken ? { pageToken } : {}) }, { signal: scrape.signal })).data);
  for (const network of pages.flatMap((page) => (page.items ?? []) as Resource[])) {
    const base = itemBase(scrape, network);
    const link = field(network, 'selfLink');
    if (link) ids.set(link, base.id);
    if (keep) scrape.items.push({ kind: GCP_KINDS.network, ...base, tags: { project: scrape.project }, relationships: [] });
  }
}

async function subnetworks(scrape: ProjectScrape, api: compute_v1.Compute, ids: IdsByLink, networkIds: IdsByLink, keep: boolean): Promise<void> {
  const pages = await allPages(async (pageToken) => (await api.subnetworks.aggregatedList({ project: scrape.project, returnPartialSuccess: true, ...(pageToken ? { pageToken } : {}) }, { signal: scrape.signal })).data);
  for (const subnetwork of pages.flatMap((page) => aggregated(page.items as Record<string, Record<string, unknown>>, 'subnetworks'))) {
    const base = itemBase(scrape, subnetwork);
    const link = field(subnetwork, 'selfLink');
    if (link) ids.set(link, base.id);
    if (!keep) continue;
    const network = networkIds.get(field(subnetwork, 'network') ?? '');
    const state = field(subnetwork, 'state');
    const health = subnetworkHealth(state);
    scrape.items.push({
      kind: GCP_KINDS.subnetwork,
      ...base,
      tags: { project: scrape.project, region: lastPart(field(subnetwork, 'region')) ?? '' },
      ...(state ? { status: statusText(state)! } : {}),
      ...(health ? { health } : {}),
      ...(network ? { parent: { type: GCP_KINDS.network.type, externalId: network } } : {}),
      relationships: [],
    });
  }
}

async function instances(scrape: ProjectScrape, api: compute_v1.Compute, subnetworkIds: IdsByLink): Promise<void> {
  const pages = await allPages(async (pageToken) => (await api.instances.aggregatedList({ project: scrape.project, returnPartialSuccess: true, ...(pageToken ? { pageToken } : {}) }, { signal: scrape.signal })).data);
  for (const instance of pages.flatMap((page) => aggregated(page.items as Record<string, Record<string, unknown>>, 'instances'))) {
    const zone = lastPart(field(instance, 'zone')) ?? '';
    const interfaces = Array.isArray(instance['networkInterfaces']) ? (instance['networkInterfaces'] as Resource[]) : [];
    const subnets = interfaces.map((nic) => subnetworkIds.get(field(nic, 'subnetwork') ?? '')).filter((id): id is string => id !== undefined);
    const status = field(instance, 'status');
    scrape.items.push({
      kind: GCP_KINDS.instance,
      ...itemBase(scrape, instance),
      tags: { project: scrape.project, zone, region: regionOfZone(zone) },
      ...(status ? { status: statusText(status)! } : {}),
      health: instanceHealth(status),
      // config-db: an instance's subnetworks are its parents; the first is the parent here, the others related.
      ...(subnets[0] ? { parent: { type: GCP_KINDS.subnetwork.type, externalId: subnets[0] } } : {}),
      relationships: [...new Set(subnets.slice(1))].filter((id) => id !== subnets[0]).map((id) => relatedFrom(GCP_KINDS.subnetwork.type, id)),
    });
  }
}

/** Compute Engine's networks, subnetworks (of every region) and instances (of every zone) of the project. */
export async function readCompute(scrape: ProjectScrape): Promise<void> {
  const wants = { instance: scrape.selection.includes(GCP_KINDS.instance.assetType), network: scrape.selection.includes(GCP_KINDS.network.assetType), subnetwork: scrape.selection.includes(GCP_KINDS.subnetwork.assetType) };
  if (!wants.instance && !wants.network && !wants.subnetwork) return;
  const api = new compute_v1.Compute({ auth: scrape.auth, ...(scrape.rootUrl ? { rootUrl: scrape.rootUrl } : {}) });
  const networkIds: IdsByLink = new Map();
  const subnetworkIds: IdsByLink = new Map();
  // Networks and subnetworks are read for the links of what is kept, and kept only when included.
  if (wants.network || wants.subnetwork) await attempt(scrape, 'list networks', () => networks(scrape, api, networkIds, wants.network));
  if (wants.subnetwork || wants.instance) await attempt(scrape, 'list subnetworks', () => subnetworks(scrape, api, subnetworkIds, networkIds, wants.subnetwork));
  if (wants.instance) await attempt(scrape, 'list instances', () => instances(scrape, api, subnetworkIds));
}
