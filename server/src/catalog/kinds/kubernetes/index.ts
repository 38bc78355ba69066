import { kubeClientFor } from '../../../kubernetes/access.js';
import { messageOf, type KubeClient, type KubeObject } from '../../../kubernetes/client.js';
import type { ScrapeInput } from '../../extract.js';
import type { ScrapedChange } from '../../scrape-types.js';
import { text, type KindReader } from '../types.js';
import { eventSettingsOf, isExcludedEvent } from './event-settings.js';
import { changeOfEvent } from './events.js';
import { exclusionsOf, isExcluded } from './exclusions.js';
import { clusterInput, indexOf, inputOf } from './items.js';
import { relationshipLookupsOf, withRelationshipLookups } from './relationship-lookups.js';
import { SCRAPED_KINDS } from './resources.js';
import { followCluster } from './watch.js';

export interface ClusterRead {
  objects: KubeObject[];
  events: KubeObject[];
  /** The list's resourceVersion per kind, where a watch starts. */
  resourceVersions: Record<string, string>;
  errors: string[];
}

/** Every object of the scraped kinds (and the events), within the spec's namespace and selectors, less the exclusions. */
export async function readCluster(client: KubeClient, spec: Record<string, unknown>, signal: AbortSignal): Promise<ClusterRead> {
  const namespace = text(spec['namespace']);
  const labelSelector = text(spec['selector']);
  const fieldSelector = text(spec['fieldSelector']);
  const exclusions = exclusionsOf(spec);
  const events = eventSettingsOf(spec);
  const read: ClusterRead = { objects: [], events: [], resourceVersions: {}, errors: [] };
  const kinds = [...SCRAPED_KINDS.filter((kind) => !namespace || kind.namespaced), { apiVersion: 'v1', kind: 'Event', namespaced: true, path: '/api/v1/events' }];
  for (const kind of kinds) {
    try {
      const selectors = kind.kind === 'Event' ? {} : { ...(labelSelector ? { labelSelector } : {}), ...(fieldSelector ? { fieldSelector } : {}) };
      const list = await client.listAll(kind.apiVersion, kind.kind, { ...(namespace ? { namespace } : {}), ...selectors, signal });
      read.resourceVersions[kind.kind] = list.resourceVersion;
      if (kind.kind === 'Event') {
        read.events.push(...list.items.filter((event) => !isExcludedEvent(events, event)));
        continue;
      }
      for (const object of list.items) {
        const labels = (object.metadata.labels ?? {}) as Record<string, string>;
        if (!isExcluded(exclusions, { kind: kind.kind, name: object.metadata.name, namespace: object.metadata.namespace, labels })) read.objects.push(object);
      }
    } catch (error) {
      signal.throwIfAborted();
      read.errors.push(`${kind.kind}: ${messageOf(error)}`);
    }
  }
  return read;
}

/** The catalog inputs of what was read: the cluster, every object with its events as changes. */
export function inputsOfCluster(spec: Record<string, unknown>, server: string, read: Pick<ClusterRead, 'objects' | 'events'>): ScrapeInput[] {
  const clusterName = clusterNameOf(spec);
  const settings = eventSettingsOf(spec);
  const index = indexOf(clusterName, read.objects);
  const changes = new Map<string, ScrapedChange[]>();
  for (const event of read.events) {
    const found = changeOfEvent(event, settings);
    if (!found || !index.uids.has(found.involvedUid)) continue;
    changes.set(found.involvedUid, [...(changes.get(found.involvedUid) ?? []), found.change]);
  }
  return [clusterInput(index, server), ...read.objects.map((object) => inputOf(object, index, server, changes.get(object.metadata.uid ?? '') ?? []))];
}

export const clusterNameOf = (spec: Record<string, unknown>) => text(spec['clusterName']) ?? 'kubernetes';

/**
 * `kubernetes`: config-db's Kubernetes scraper. Reads namespaces, nodes, workloads, pods, services,
 * ingresses, config maps, secrets (metadata only), volumes and claims of the cluster the spec's
 * `kubeconfig` or `connection` names (else the pod's own), as Kubernetes::{Kind} items with their
 * health, owners, relationships and events as changes. A kind RBAC refuses is an error of the run;
 * the others are still read. Between scrapes a watch applies what changes (`watch: false` turns it off).
 */
export const readKubernetes: KindReader = async (spec, context) => {
  const client = await kubeClientFor(spec, context);
  const read = await readCluster(client, spec, context.signal);
  if (read.objects.length === 0 && read.errors.length > 0) throw new Error(`nothing could be read from ${client.server}: ${read.errors.join('; ')}`);
  const clusterName = clusterNameOf(spec);
  const follow = spec['watch'] === false ? {} : { follow: followCluster(client, spec, clusterName, read, context.cel) };
  const inputs = inputsOfCluster(spec, client.server, read);
  // The first input is the cluster; the others are the objects, in order.
  const lookupErrors = await withRelationshipLookups(inputs, new Map(read.objects.map((object, index) => [inputs[index + 1]!, object])), relationshipLookupsOf(spec), context.cel);
  return { inputs, errors: [...read.errors, ...lookupErrors], ...follow };
};
