import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { servingCertificate } from './certificate.js';
import { discovery } from './discovery.js';
import { answerList } from './list.js';
import { PodLogs } from './pod-logs.js';
import { forbiddenMessage, podLogForbiddenMessage, type ForbiddenRule } from './rbac.js';
import { RESOURCE_TYPES } from './resources.js';
import { answerScale } from './scale.js';
import { jsonOf, objectOf, send, status } from './status.js';
import { KubeStore } from './store.js';
import { tableOf } from './table.js';
import { notFound, targetOf, verbOf, type Target } from './target.js';
import { answerWatch } from './watch.js';
import { answerCreate, answerDelete, answerPatch, answerUpdate } from './writes.js';

export type { ForbiddenRule } from './rbac.js';

export interface KubeApiServerOptions {
  token: string;
  /** Who the token is, in 403 messages. */
  user?: string;
  forbidden?: ForbiddenRule[];
  /** Plays the kubelet: a created pod becomes Running and Ready with this IP (its containers do not run: the test serves its port). */
  kubelet?: { podIP: string };
}

/** A request that changed (or tried to change) something, as the stand-in received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  contentType: string;
  /** The body, parsed from JSON (undefined when it was not JSON). */
  body: unknown;
}

/** The API server the tests talk to: see README.md beside this file for what it does and where its answers come from. */
export class KubeApiServer {
  readonly store = new KubeStore();
  /** What each pod's containers wrote, served at .../pods/{name}/log. */
  readonly logs = new PodLogs();
  private readonly server: Server;
  /** The open watches, each with what stops its delivery. */
  private readonly watches = new Map<ServerResponse, () => void>();
  /** Every create, update, patch and delete received, in order. */
  readonly requests: RecordedRequest[] = [];
  /** Every request received, authorized or not, with the credentials it came with. */
  readonly seen: Array<{ method: string; path: string; authorization: string }> = [];
  url = '';
  /** Called before each list is answered, with its query: a test's hook to change the cluster between pages. */
  beforeList?: (target: { resource: string; namespace?: string }, query: URLSearchParams) => void;

  constructor(private readonly options: KubeApiServerOptions) {
    this.server = createServer(servingCertificate(), (request, response) => {
      this.handle(request, response).catch((error: unknown) => send(response, 500, status(500, 'InternalError', (error as Error).message)));
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    this.dropWatches();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * Ends the open watches, as an API server does when it restarts or a watch's time is up. They
   * deliver nothing more from this call on, so what a test changes next reaches a client only when
   * it watches again (or lists).
   */
  dropWatches(): void {
    for (const [watch, stop] of this.watches) {
      stop();
      watch.end();
    }
  }

  get openWatches(): number {
    return this.watches.size;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.seen.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization ?? '' });
    if (request.headers.authorization !== `Bearer ${this.options.token}`) {
      send(response, 401, status(401, 'Unauthorized', 'Unauthorized'));
      return;
    }
    const url = new URL(request.url ?? '/', 'https://stand-in');
    const segments = url.pathname.split('/').filter((segment) => segment !== '');
    const path = `/${segments.join('/')}`;
    if (request.method === 'GET') {
      const document = discovery(path, segments);
      if (document !== undefined) {
        send(response, 200, document);
        return;
      }
    }
    if (request.method === 'GET' && segments.length === 7 && path.startsWith('/api/v1/namespaces/') && segments[4] === 'pods' && segments[6] === 'log') {
      this.podLog(segments[3]!, segments[5]!, url.searchParams, response);
      return;
    }
    const target = targetOf(segments);
    if (target === undefined || target === 'unknown') {
      send(response, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
      return;
    }
    const watch = url.searchParams.get('watch') === 'true' || url.searchParams.get('watch') === '1';
    const verb = verbOf(request.method ?? 'GET', target, watch);
    const body = request.method === 'GET' ? undefined : await jsonOf(request);
    if (request.method !== 'GET') this.requests.push({ method: request.method ?? '', path, contentType: request.headers['content-type'] ?? '', body });
    const refused = forbiddenMessage(this.options.forbidden, this.options.user, verb, target);
    if (refused) {
      send(response, 403, status(403, 'Forbidden', refused, { kind: target.resource.name, ...(target.name ? { name: target.name } : {}) }));
      return;
    }
    if (target.subresource === 'scale') return answerScale(this.store, target, verb, request.headers['content-type'] ?? '', body, response);
    const table = (request.headers.accept ?? '').includes('as=Table');
    if (verb === 'watch') return answerWatch(this.store, this.watches, target, url.searchParams, table, response);
    if (verb === 'list') return this.list(target, url.searchParams, table, response);
    if (verb === 'get') return this.get(target, table, response);
    if (verb === 'create') return answerCreate(this.store, this.options.kubelet, target, objectOf(body), response);
    if (verb === 'update') return answerUpdate(this.store, target, objectOf(body), response);
    if (verb === 'patch') return answerPatch(this.store, target, request.headers['content-type'] ?? '', body, response);
    return answerDelete(this.store, target, response);
  }

  /** The pods/log subresource: RBAC on `pods/log` (verb get), then the kubelet's answer. */
  private podLog(namespace: string, name: string, query: URLSearchParams, response: ServerResponse): void {
    const refused = podLogForbiddenMessage(this.options.forbidden, this.options.user, namespace, name);
    if (refused) {
      send(response, 403, status(403, 'Forbidden', refused, { name, kind: 'pods' }));
      return;
    }
    const pod = this.store.get(RESOURCE_TYPES.find((type) => type.kind === 'Pod')!, namespace, name);
    const optional = (key: string) => query.get(key) ?? undefined;
    const answer = this.logs.answer(pod, namespace, name, {
      ...(optional('container') ? { container: optional('container')! } : {}),
      ...(optional('sinceTime') ? { sinceTime: optional('sinceTime')! } : {}),
      ...(optional('sinceSeconds') ? { sinceSeconds: optional('sinceSeconds')! } : {}),
      ...(optional('tailLines') !== undefined ? { tailLines: optional('tailLines')! } : {}),
      timestamps: query.get('timestamps') === 'true',
    });
    if ('code' in answer) {
      send(response, answer.code, status(answer.code, answer.reason, answer.message, { name, kind: 'pods' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(answer.text);
  }

  private get(target: Target, table: boolean, response: ServerResponse): void {
    const found = this.store.get(target.resource, target.namespace, target.name!);
    if (!found) send(response, 404, notFound(target));
    else send(response, 200, table ? tableOf([found], String(found.metadata['resourceVersion'])) : found);
  }

  private list(target: Target, query: URLSearchParams, table: boolean, response: ServerResponse): void {
    this.beforeList?.({ resource: target.resource.name, ...(target.namespace ? { namespace: target.namespace } : {}) }, query);
    answerList(this.store, target, query, table, response);
  }
}
