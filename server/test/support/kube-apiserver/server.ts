import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { servingCertificate } from './certificate.js';
import { PodLogs } from './pod-logs.js';
import { apiGroup, apiGroupList, apiResourceList, coreVersions, groupVersionOf, RESOURCE_TYPES, type ResourceType } from './resources.js';
import { selects } from './selectors.js';
import { mergePatch } from './merge-patch.js';
import { KubeStore, type KubeObject, type StoredEvent } from './store.js';
import { tableOf } from './table.js';

/** A request RBAC refuses: the verb (any when not given) on the resource (plural), in a namespace or anywhere. */
export interface ForbiddenRule {
  resource: string;
  verb?: string;
  namespace?: string;
}

export interface KubeApiServerOptions {
  token: string;
  /** Who the token is, in 403 messages. */
  user?: string;
  forbidden?: ForbiddenRule[];
  /** Plays the kubelet: a created pod becomes Running and Ready with this IP (its containers do not run: the test serves its port). */
  kubelet?: { podIP: string };
}

interface Target {
  resource: ResourceType;
  namespace?: string;
  name?: string;
  /** `scale`, of a scalable resource. */
  subresource?: 'scale';
}

/** A request that changed (or tried to change) something, as the stand-in received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  contentType: string;
  /** The body, parsed from JSON (undefined when it was not JSON). */
  body: unknown;
}

const PATCH_TYPES = ['application/merge-patch+json', 'application/strategic-merge-patch+json'];

function status(code: number, reason: string, message: string, details?: Record<string, unknown>): Record<string, unknown> {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: code < 400 ? 'Success' : 'Failure', message, reason, ...(details ? { details } : {}), code };
}

function send(response: ServerResponse, code: number, body: unknown): void {
  response.writeHead(code, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** `/api/v1/...` or `/apis/{group}/{version}/...` to the resource, namespace and name it names. */
function targetOf(segments: string[]): Target | 'unknown' | undefined {
  const [root, ...rest] = segments;
  let group = '';
  if (root === 'apis') group = rest.shift() ?? '';
  else if (root !== 'api') return undefined;
  const version = rest.shift();
  if (rest.length === 0) return undefined;
  let namespace: string | undefined;
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    namespace = rest[1];
    rest.splice(0, 2);
  }
  const resource = RESOURCE_TYPES.find((type) => type.group === group && type.version === version && type.name === rest[0]);
  const subresource = rest[2] === 'scale' && resource?.scalable ? ('scale' as const) : undefined;
  if (!resource || (rest.length > 2 && !subresource) || rest.length > 3) return 'unknown';
  return { resource, ...(namespace !== undefined ? { namespace } : {}), ...(rest[1] !== undefined ? { name: rest[1] } : {}), ...(subresource ? { subresource } : {}) };
}

function verbOf(method: string, target: Target, watch: boolean): string {
  if (method === 'POST') return 'create';
  if (method === 'DELETE') return 'delete';
  if (method === 'PUT') return 'update';
  if (method === 'PATCH') return 'patch';
  if (watch) return 'watch';
  return target.name === undefined ? 'list' : 'get';
}

async function jsonOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const objectOf = (parsed: unknown): KubeObject | undefined => (parsed && typeof parsed === 'object' && 'metadata' in parsed ? (parsed as KubeObject) : undefined);

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

  private forbidden(verb: string, target: Target): string | undefined {
    // RBAC names a subresource as `deployments/scale`.
    const resource = target.subresource ? `${target.resource.name}/${target.subresource}` : target.resource.name;
    const rule = (this.options.forbidden ?? []).find((entry) => entry.resource === resource && (!entry.verb || entry.verb === verb) && (!entry.namespace || entry.namespace === target.namespace));
    if (!rule) return undefined;
    const where = target.namespace ? `in the namespace "${target.namespace}"` : 'at the cluster scope';
    const name = target.name ? ` "${target.name}"` : '';
    return `${target.resource.name}${name} is forbidden: User "${this.options.user ?? 'system:serviceaccount:pharos:pharos'}" cannot ${verb} resource "${resource}" in API group "${target.resource.group}" ${where}`;
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
      const discovery = this.discovery(path, segments);
      if (discovery !== undefined) {
        send(response, 200, discovery);
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
    const refused = this.forbidden(verb, target);
    if (refused) {
      send(response, 403, status(403, 'Forbidden', refused, { kind: target.resource.name, ...(target.name ? { name: target.name } : {}) }));
      return;
    }
    if (target.subresource === 'scale') return this.scale(target, verb, request.headers['content-type'] ?? '', body, response);
    const table = (request.headers.accept ?? '').includes('as=Table');
    if (verb === 'watch') return this.watch(target, url.searchParams, table, response);
    if (verb === 'list') return this.list(target, url.searchParams, table, response);
    if (verb === 'get') return this.get(target, table, response);
    if (verb === 'create') return this.create(target, objectOf(body), response);
    if (verb === 'update') return this.update(target, objectOf(body), response);
    if (verb === 'patch') return this.patch(target, request.headers['content-type'] ?? '', body, response);
    return this.delete(target, response);
  }

  /** The pods/log subresource: RBAC on `pods/log` (verb get), then the kubelet's answer. */
  private podLog(namespace: string, name: string, query: URLSearchParams, response: ServerResponse): void {
    const refused = (this.options.forbidden ?? []).some((entry) => entry.resource === 'pods/log' && (!entry.verb || entry.verb === 'get') && (!entry.namespace || entry.namespace === namespace));
    if (refused) {
      const message = `pods "${name}" is forbidden: User "${this.options.user ?? 'system:serviceaccount:pharos:pharos'}" cannot get resource "pods/log" in API group "" in the namespace "${namespace}"`;
      send(response, 403, status(403, 'Forbidden', message, { name, kind: 'pods' }));
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

  private discovery(path: string, segments: string[]): unknown {
    if (path === '/version') return { major: '1', minor: '30', gitVersion: 'v1.30.0', platform: 'linux/amd64' };
    if (path === '/api') return coreVersions();
    if (path === '/apis') return apiGroupList();
    if (segments[0] === 'api' && segments.length === 2) return apiResourceList('', segments[1]!);
    if (segments[0] === 'apis' && segments.length === 2 && RESOURCE_TYPES.some((type) => type.group === segments[1])) return apiGroup(segments[1]!);
    if (segments[0] === 'apis' && segments.length === 3) return apiResourceList(segments[1]!, segments[2]!);
    return undefined;
  }

  private notFound(target: Target): Record<string, unknown> {
    return status(404, 'NotFound', `${target.resource.name}${target.resource.group ? `.${target.resource.group}` : ''} "${target.name}" not found`, { name: target.name, kind: target.resource.name });
  }

  private get(target: Target, table: boolean, response: ServerResponse): void {
    const found = this.store.get(target.resource, target.namespace, target.name!);
    if (!found) send(response, 404, this.notFound(target));
    else send(response, 200, table ? tableOf([found], String(found.metadata['resourceVersion'])) : found);
  }

  private list(target: Target, query: URLSearchParams, table: boolean, response: ServerResponse): void {
    this.beforeList?.({ resource: target.resource.name, ...(target.namespace ? { namespace: target.namespace } : {}) }, query);
    const limit = Number(query.get('limit') ?? 0);
    const given = query.get('continue');
    const token = given ? decodeContinue(given) : undefined;
    if (given && !token) {
      send(response, 400, status(400, 'BadRequest', 'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)'));
      return;
    }
    if (token && this.store.eventsSince(token.rv) === undefined) {
      send(response, 410, status(410, 'Expired', 'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.'));
      return;
    }
    const all = this.store.list(target.resource, target.namespace).filter((object) => selects(object, query.get('labelSelector'), query.get('fieldSelector')));
    const start = token ? all.findIndex((object) => objectKey(object) > token.after) : 0;
    const rest = start < 0 ? [] : all.slice(start);
    const page = limit > 0 ? rest.slice(0, limit) : rest;
    const more = limit > 0 && rest.length > limit;
    const resourceVersion = String(token?.rv ?? this.store.resourceVersion);
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

  private watch(target: Target, query: URLSearchParams, table: boolean, response: ServerResponse): void {
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
      for (const object of this.store.list(target.resource, target.namespace)) {
        if (wanted({ type: 'ADDED', resource: target.resource, object, resourceVersion: 0 })) write('ADDED', table ? tableOf([object], String(object.metadata['resourceVersion'])) : object);
      }
    } else {
      const since = this.store.eventsSince(Number(given));
      if (since === undefined) {
        write('ERROR', status(410, 'Expired', `too old resource version: ${given} (${this.store.resourceVersion})`));
        response.end();
        return;
      }
      for (const event of since) if (wanted(event)) writeEvent(event);
    }
    const unsubscribe = this.store.subscribe((event) => {
      if (wanted(event)) writeEvent(event);
    });
    this.watches.set(response, unsubscribe);
    const timeout = Number(query.get('timeoutSeconds') ?? 0);
    const timer = timeout > 0 ? setTimeout(() => response.end(), timeout * 1000) : undefined;
    response.on('close', () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
      this.watches.delete(response);
    });
  }

  private create(target: Target, body: KubeObject | undefined, response: ServerResponse): void {
    if (!body || typeof body.metadata?.name !== 'string') {
      send(response, 422, status(422, 'Invalid', `${target.resource.kind} is invalid: metadata.name: Required value: name or generateName is required`));
      return;
    }
    const namespace = target.namespace ?? body.metadata.namespace;
    if (this.store.get(target.resource, namespace, body.metadata.name)) {
      send(response, 409, status(409, 'AlreadyExists', `${target.resource.name} "${body.metadata.name}" already exists`, { name: body.metadata.name, kind: target.resource.name }));
      return;
    }
    const created = this.store.put({ ...body, kind: target.resource.kind, metadata: { ...body.metadata, ...(namespace ? { namespace } : {}) } });
    send(response, 201, created);
    if (this.options.kubelet && target.resource.kind === 'Pod') setImmediate(() => this.startPod(created));
  }

  private startPod(pod: KubeObject): void {
    const current = this.store.get(RESOURCE_TYPES.find((type) => type.kind === 'Pod')!, pod.metadata.namespace, pod.metadata.name);
    if (!current || current.metadata['uid'] !== pod.metadata['uid']) return;
    const containers = ((current['spec'] as { containers?: Array<{ name: string }> } | undefined)?.containers ?? []).map((container) => ({ name: container.name, ready: true, restartCount: 0, state: { running: { startedAt: new Date().toISOString() } } }));
    this.store.put({ ...current, status: { phase: 'Running', podIP: this.options.kubelet!.podIP, conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: containers } });
  }

  private update(target: Target, body: KubeObject | undefined, response: ServerResponse): void {
    if (!body || !this.store.get(target.resource, target.namespace, target.name!)) {
      send(response, 404, this.notFound(target));
      return;
    }
    send(response, 200, this.store.put({ ...body, kind: target.resource.kind, metadata: { ...body.metadata, name: target.name!, ...(target.namespace ? { namespace: target.namespace } : {}) } }));
  }

  private unsupportedPatch(contentType: string, response: ServerResponse): boolean {
    if (PATCH_TYPES.some((type) => contentType.startsWith(type))) return false;
    send(response, 415, status(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${PATCH_TYPES.join(', ')}`));
    return true;
  }

  /** Merge and strategic merge patches (see merge-patch.ts); name, namespace and kind stay the object's. */
  private patch(target: Target, contentType: string, body: unknown, response: ServerResponse): void {
    if (this.unsupportedPatch(contentType, response)) return;
    const current = target.name === undefined ? undefined : this.store.get(target.resource, target.namespace, target.name);
    if (!current) {
      send(response, 404, this.notFound(target));
      return;
    }
    const patched = mergePatch(current, body) as KubeObject;
    send(response, 200, this.store.put({ ...patched, kind: current.kind, metadata: { ...patched.metadata, name: current.metadata.name, ...(current.metadata.namespace ? { namespace: current.metadata.namespace } : {}) } }));
  }

  private scaleOf(object: KubeObject): Record<string, unknown> {
    const spec = (object['spec'] ?? {}) as { replicas?: number };
    const status = (object['status'] ?? {}) as { replicas?: number };
    const { name, namespace, uid, resourceVersion, creationTimestamp } = object.metadata;
    return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name, namespace, uid, resourceVersion, creationTimestamp }, spec: { replicas: spec.replicas ?? 1 }, status: { replicas: status.replicas ?? 0 } };
  }

  /** The scale subresource: get, update (PUT) and patch the object's `spec.replicas` as an autoscaling/v1 Scale. */
  private scale(target: Target, verb: string, contentType: string, body: unknown, response: ServerResponse): void {
    const current = this.store.get(target.resource, target.namespace, target.name!);
    if (!current) {
      send(response, 404, this.notFound(target));
      return;
    }
    if (verb === 'get') {
      send(response, 200, this.scaleOf(current));
      return;
    }
    if (verb !== 'update' && verb !== 'patch') {
      send(response, 405, status(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`));
      return;
    }
    if (verb === 'patch' && this.unsupportedPatch(contentType, response)) return;
    const wanted = (verb === 'patch' ? mergePatch(this.scaleOf(current), body) : body) as { spec?: { replicas?: unknown } } | undefined;
    const replicas = wanted?.spec?.replicas;
    if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
      send(response, 422, status(422, 'Invalid', `Scale.autoscaling "${target.name}" is invalid: spec.replicas: Invalid value: ${JSON.stringify(replicas)}: must be greater than or equal to 0`));
      return;
    }
    const stored = this.store.put({ ...current, spec: { ...((current['spec'] ?? {}) as Record<string, unknown>), replicas } });
    send(response, 200, this.scaleOf(stored));
  }

  private delete(target: Target, response: ServerResponse): void {
    const gone = target.name === undefined ? undefined : this.store.remove(target.resource, target.namespace, target.name);
    if (!gone) {
      send(response, 404, this.notFound(target));
      return;
    }
    // The namespace controller's work, done at once: what the namespace held goes with it.
    if (target.resource.kind === 'Namespace') {
      for (const type of RESOURCE_TYPES.filter((candidate) => candidate.namespaced)) {
        for (const object of this.store.list(type, gone.metadata.name)) this.store.remove(type, gone.metadata.name, object.metadata.name);
      }
    }
    send(response, 200, gone);
  }
}
