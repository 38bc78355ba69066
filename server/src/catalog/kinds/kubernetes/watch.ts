import { setMaxListeners } from 'node:events';
import { messageOf, statusOf, type KubeClient, type KubeObject, type WatchEvent } from '../../../kubernetes/client.js';
import type { CelEvaluator } from '../../extract.js';
import type { Follow, FollowSink } from '../types.js';
import { eventSettingsOf, isExcludedEvent } from './event-settings.js';
import { changeOfEvent } from './events.js';
import { exclusionsOf, isExcluded } from './exclusions.js';
import { indexOf, inputOf } from './items.js';
import { relationshipLookupsOf, withRelationshipLookups } from './relationship-lookups.js';
import { CONFIG_TYPE_PREFIX, SCRAPED_KINDS } from './resources.js';
import type { ClusterRead } from './index.js';

/** Wait before watching again after a watch ended with an error. */
const RETRY_MS = 1_000;

interface Watched {
  apiVersion: string;
  kind: string;
  path: string;
}

const EVENTS: Watched = { apiVersion: 'v1', kind: 'Event', path: '/api/v1/events' };

function pathIn(kind: Watched & { namespaced?: boolean }, namespace: string | undefined): string {
  if (!namespace) return kind.path;
  const [prefix, plural] = [kind.path.slice(0, kind.path.lastIndexOf('/')), kind.path.slice(kind.path.lastIndexOf('/') + 1)];
  return `${prefix}/namespaces/${encodeURIComponent(namespace)}/${plural}`;
}

const isGone = (event: WatchEvent) => event.type === 'ERROR' && (event.object as unknown as { code?: number }).code === 410;

/**
 * Watches every scraped kind (and the events) from the resourceVersion of the scrape's lists and
 * applies what changes: an added or modified object is saved (its diff is a change), a deleted one
 * is marked deleted, an event becomes a change of its object. A watch that ends, or whose
 * resourceVersion is too old (410 Gone), lists its kind again and watches on from there.
 */
export function followCluster(client: KubeClient, spec: Record<string, unknown>, clusterName: string, read: ClusterRead, cel?: CelEvaluator): Follow {
  return (sink: FollowSink, signal: AbortSignal) => {
    // One abort listener per watched kind is expected, more than Node's default warning allows.
    setMaxListeners(SCRAPED_KINDS.length + 4, signal);
    const namespace = typeof spec['namespace'] === 'string' && spec['namespace'] !== '' ? spec['namespace'] : undefined;
    const labelSelector = typeof spec['selector'] === 'string' && spec['selector'] !== '' ? spec['selector'] : undefined;
    const fieldSelector = typeof spec['fieldSelector'] === 'string' && spec['fieldSelector'] !== '' ? spec['fieldSelector'] : undefined;
    // The scrape's lists took the selectors; events are read whole, as they were listed.
    const selectorsOf = (kind: Watched) => (kind === EVENTS ? {} : { ...(labelSelector ? { labelSelector } : {}), ...(fieldSelector ? { fieldSelector } : {}) });
    const exclusions = exclusionsOf(spec);
    const eventSettings = eventSettingsOf(spec);
    const lookups = relationshipLookupsOf(spec);
    /** Saves the object with the relationships its lookups give, as the scrape does. */
    const saveObject = async (object: KubeObject) => {
      const input = inputOf(object, index(), client.server);
      for (const error of await withRelationshipLookups([input], new Map([[input, object]]), lookups, cel)) sink.error(error);
      await sink.save([input]);
    };
    const objects = new Map<string, KubeObject>(read.objects.filter((object) => object.metadata.uid).map((object) => [object.metadata.uid!, object]));
    const index = () => indexOf(clusterName, [...objects.values()]);
    // One change at a time, in the order the API server sent them.
    let queue = Promise.resolve();
    const apply = (work: () => Promise<void>) => {
      queue = queue.then(work).catch((error: unknown) => sink.error(`watch: ${(error as Error).message}`));
    };
    const excluded = (object: KubeObject) => isExcluded(exclusions, { kind: String(object.kind), name: object.metadata.name, namespace: object.metadata.namespace, labels: (object.metadata.labels ?? {}) as Record<string, string> });

    const onObject = (kind: Watched, event: WatchEvent) => {
      const object = { ...event.object, apiVersion: kind.apiVersion, kind: kind.kind } as KubeObject;
      const uid = object.metadata.uid;
      if (!uid || (event.type !== 'DELETED' && excluded(object))) return;
      if (event.type === 'DELETED') {
        objects.delete(uid);
        apply(() => sink.remove(`${CONFIG_TYPE_PREFIX}${kind.kind}`, uid));
      } else if (event.type === 'ADDED' || event.type === 'MODIFIED') {
        objects.set(uid, object);
        apply(() => saveObject(object));
      }
    };
    const onEvent = (event: WatchEvent) => {
      if ((event.type !== 'ADDED' && event.type !== 'MODIFIED') || isExcludedEvent(eventSettings, event.object)) return;
      const found = changeOfEvent(event.object, eventSettings);
      const involved = found ? objects.get(found.involvedUid) : undefined;
      if (found && involved) apply(() => sink.save([inputOf(involved, index(), client.server, [found.change])]));
    };

    /** Lists the kind again: saves what is there, removes what is gone, answers where to watch from. */
    const relist = async (kind: Watched): Promise<string> => {
      const list = await client.listAll(kind.apiVersion, kind.kind, { ...(namespace ? { namespace } : {}), ...selectorsOf(kind), signal });
      if (kind === EVENTS) return list.resourceVersion;
      const seen = new Set(list.items.map((object) => object.metadata.uid));
      for (const [uid, object] of objects) if (object.kind === kind.kind && !seen.has(uid)) onObject(kind, { type: 'DELETED', object });
      for (const object of list.items) onObject(kind, { type: 'MODIFIED', object });
      return list.resourceVersion;
    };

    const watch = (kind: Watched, resourceVersion: string) => {
      if (signal.aborted) return;
      let gone = false;
      let ended = false;
      let detach = () => {};
      let lastVersion = resourceVersion;
      const query = { resourceVersion, allowWatchBookmarks: true, ...selectorsOf(kind) };
      const restart = (error?: unknown) => {
        // Once per watch, and without leaving its abort listener on the follower's signal.
        if (ended) return;
        ended = true;
        detach();
        if (signal.aborted) return;
        if (error && !gone) sink.error(`watch ${kind.kind}: ${messageOf(error)}`);
        const again = async () => {
          if (signal.aborted) return;
          try {
            watch(kind, gone || statusOf(error) === 410 ? await relist(kind) : lastVersion);
          } catch (failure) {
            if (signal.aborted) return;
            sink.error(`watch ${kind.kind}: ${messageOf(failure)}`);
            setTimeout(() => void again(), RETRY_MS);
          }
        };
        setTimeout(() => void again(), error && !gone ? RETRY_MS : 0);
      };
      client
        .watch(
          pathIn(kind, namespace),
          query,
          (event) => {
            if (isGone(event)) {
              gone = true;
              return;
            }
            const version = event.object?.metadata?.resourceVersion;
            if (version) lastVersion = version;
            if (event.type === 'BOOKMARK') return;
            if (kind === EVENTS) onEvent(event);
            else onObject(kind, event);
          },
          restart,
        )
        .then((controller) => {
          if (ended) return;
          const abort = () => controller.abort();
          signal.addEventListener('abort', abort, { once: true });
          detach = () => signal.removeEventListener('abort', abort);
        })
        .catch(restart);
    };

    // config-db's `watch`: the kinds to watch ({apiVersion, kind}); every scraped kind when not given.
    const chosen = Array.isArray(spec['watch']) ? new Set(spec['watch'].map((entry: unknown) => (entry && typeof entry === 'object' ? (entry as { kind?: unknown }).kind : undefined))) : undefined;
    const kinds: Watched[] = [...SCRAPED_KINDS.filter((kind) => !namespace || kind.namespaced), EVENTS].filter((kind) => !chosen || chosen.has(kind.kind));
    for (const kind of kinds) {
      const version = read.resourceVersions[kind.kind];
      if (version) watch(kind, version);
    }
  };
}
