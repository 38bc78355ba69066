import type { ServerResponse } from 'node:http';
import { selects } from './selectors.js';
import { status } from './status.js';
import type { KubeStore, StoredEvent } from './store.js';
import { tableOf } from './table.js';
import type { Target } from './target.js';

/**
 * A watch: the events since `resourceVersion` (or the objects as ADDED), then each change as it
 * happens, one JSON line each. `watches` holds it, with what stops its delivery, while it is open.
 */
export function answerWatch(store: KubeStore, watches: Map<ServerResponse, () => void>, target: Target, query: URLSearchParams, table: boolean, response: ServerResponse): void {
  const labelSelector = query.get('labelSelector');
  const fieldSelector = query.get('fieldSelector');
  const wanted = (event: StoredEvent) =>
    event.resource === target.resource && (target.namespace === undefined || event.object.metadata.namespace === target.namespace) && (target.name === undefined || event.object.metadata.name === target.name) && selects(event.object, labelSelector, fieldSelector);
  response.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
  response.flushHeaders();
  const write = (type: string, object: unknown) => response.write(`${JSON.stringify({ type, object })}\n`);
  const writeEvent = (event: StoredEvent) => write(event.type, table ? tableOf([event.object], String(event.resourceVersion)) : event.object);
  const given = query.get('resourceVersion');
  if (!given || given === '0') {
    for (const object of store.list(target.resource, target.namespace)) {
      if (wanted({ type: 'ADDED', resource: target.resource, object, resourceVersion: 0 })) write('ADDED', table ? tableOf([object], String(object.metadata['resourceVersion'])) : object);
    }
  } else {
    const since = store.eventsSince(Number(given));
    if (since === undefined) {
      write('ERROR', status(410, 'Expired', `too old resource version: ${given} (${store.resourceVersion})`));
      response.end();
      return;
    }
    for (const event of since) if (wanted(event)) writeEvent(event);
  }
  const unsubscribe = store.subscribe((event) => {
    if (wanted(event)) writeEvent(event);
  });
  watches.set(response, unsubscribe);
  const timeout = Number(query.get('timeoutSeconds') ?? 0);
  const timer = timeout > 0 ? setTimeout(() => response.end(), timeout * 1000) : undefined;
  response.on('close', () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    watches.delete(response);
  });
}
