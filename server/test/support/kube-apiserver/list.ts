import type { ServerResponse } from 'node:http';
import { groupVersionOf } from './resources.js';
import { selects } from './selectors.js';
import { send, status } from './status.js';
import type { KubeObject, KubeStore } from './store.js';
import { tableOf } from './table.js';
import type { Target } from './target.js';

/** Where a paged list goes on: the resourceVersion it reads at and the last object it answered. */
interface ContinueToken {
  rv: number;
  after: string;
}

const encodeContinue = (token: ContinueToken) => Buffer.from(JSON.stringify(token)).toString('base64url');
function decodeContinue(text: string): ContinueToken | undefined {
  try {
    const token = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as ContinueToken;
    return typeof token.rv === 'number' && typeof token.after === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

const objectKey = (object: KubeObject) => `${object.metadata.namespace ?? ''}/${object.metadata.name}`;

/** A list, page by page with `limit` and `continue`, filtered by label and field selectors. */
export function answerList(store: KubeStore, target: Target, query: URLSearchParams, table: boolean, response: ServerResponse): void {
  const limit = Number(query.get('limit') ?? 0);
  const given = query.get('continue');
  const token = given ? decodeContinue(given) : undefined;
  if (given && !token) {
    send(response, 400, status(400, 'BadRequest', 'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)'));
    return;
  }
  if (token && store.eventsSince(token.rv) === undefined) {
    send(response, 410, status(410, 'Expired', 'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.'));
    return;
  }
  const all = store.list(target.resource, target.namespace).filter((object) => selects(object, query.get('labelSelector'), query.get('fieldSelector')));
  const start = token ? all.findIndex((object) => objectKey(object) > token.after) : 0;
  const rest = start < 0 ? [] : all.slice(start);
  const page = limit > 0 ? rest.slice(0, limit) : rest;
  const more = limit > 0 && rest.length > limit;
  const resourceVersion = String(token?.rv ?? store.resourceVersion);
  const metadata = {
    resourceVersion,
    ...(more ? { continue: encodeContinue({ rv: Number(resourceVersion), after: objectKey(page[page.length - 1]!) }), remainingItemCount: rest.length - page.length } : {}),
  };
  if (table) {
    send(response, 200, { ...(tableOf(page, resourceVersion) as Record<string, unknown>), metadata });
    return;
  }
  send(response, 200, { kind: `${target.resource.kind}List`, apiVersion: groupVersionOf(target.resource), metadata, items: page.map((object) => ({ ...object, apiVersion: undefined, kind: undefined })) });
}
