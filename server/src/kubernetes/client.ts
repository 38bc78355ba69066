/**
 * Kubernetes access through `@kubernetes/client-node` (Apache-2.0, maintained by the Kubernetes
 * project). It is pinned to the 1.x line: 2.x runs on undici 8, which needs Node 22, and Pharos runs on
 * Node 20. Its 57 MB are almost all generated API models that are loaded only when used; we use its
 * kubeconfig handling (every auth method kubectl's kubeconfig has, in-cluster service accounts), its
 * generic object API and its watch, and read objects as plain JSON.
 */
import type * as ClientNode from '@kubernetes/client-node';
import type { KubeConfig, KubernetesObject, KubernetesObjectApi, Watch } from '@kubernetes/client-node';
import { isIPv6 } from 'node:net';
import { parse } from 'yaml';
import { serviceAccountOf, ServiceAccountTokenAuth } from './service-account.js';

let loading: Promise<typeof ClientNode> | undefined;

/**
 * The library, loaded on first use: importing it costs about half a second of CPU, which a start
 * (and a replica that restarts) need not pay when no spec talks to a cluster yet.
 */
export function clientNode(): Promise<typeof ClientNode> {
  loading ??= import('@kubernetes/client-node');
  return loading;
}

export type KubeObject = KubernetesObject & { metadata: NonNullable<KubernetesObject['metadata']> & { name: string }; [field: string]: unknown };

/** Where a cluster's access comes from: a kubeconfig's text, or the service account of the pod Pharos runs in. */
export type KubeAccess = { kubeconfig: string } | { inCluster: true };

export class KubernetesAccessError extends Error {}

function checkedKubeconfig(text: string): void {
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch (error) {
    throw new KubernetesAccessError(`the kubeconfig is not YAML: ${(error as Error).message}`);
  }
  if (typeof parsed === 'string' && !parsed.includes('\n')) {
    throw new KubernetesAccessError('the kubeconfig is a single line: give the kubeconfig file\'s content (or a secret holding it), not a path: Pharos does not read files of its server for a spec');
  }
  const clusters = (parsed as { clusters?: unknown } | null)?.clusters;
  if (!Array.isArray(clusters) || clusters.length === 0) throw new KubernetesAccessError('the kubeconfig names no cluster (clusters: is empty)');
}

/** A KubeConfig for the access, or why there is none. */
export async function kubeConfigOf(access: KubeAccess, env: NodeJS.ProcessEnv = process.env): Promise<KubeConfig> {
  const { KubeConfig } = await clientNode();
  const config = new KubeConfig();
  if ('kubeconfig' in access) {
    checkedKubeconfig(access.kubeconfig);
    config.loadFromString(access.kubeconfig);
    if (!config.getCurrentCluster()) throw new KubernetesAccessError(`the kubeconfig's current context (${config.getCurrentContext() || 'none'}) names no cluster of the file`);
    return config;
  }
  if (!env['KUBERNETES_SERVICE_HOST']) {
    throw new KubernetesAccessError('no kubeconfig was given and Pharos does not run in a Kubernetes pod (KUBERNETES_SERVICE_HOST is unset): give a kubeconfig or a kubernetes connection');
  }
  const account = await serviceAccountOf(env);
  config.addAuthenticator(new ServiceAccountTokenAuth());
  config.loadFromClusterAndUser({ name: 'inCluster', server: serviceUrl(env), caFile: account.caFile, skipTLSVerify: false }, ServiceAccountTokenAuth.user(account.tokenFile));
  if (account.namespace) config.contexts = config.contexts.map((context) => ({ ...context, namespace: account.namespace }));
  return config;
}

/** The API server's address in a pod, as client-go's rest.InClusterConfig builds it (port 80, 8080 or 8001: http). */
function serviceUrl(env: NodeJS.ProcessEnv): string {
  const host = env['KUBERNETES_SERVICE_HOST']!;
  const port = env['KUBERNETES_SERVICE_PORT'] ?? '443';
  const scheme = ['80', '8080', '8001'].includes(port) ? 'http' : 'https';
  return `${scheme}://${isIPv6(host) ? `[${host}]` : host}:${port}`;
}

export interface ListPage<T> {
  items: T[];
  resourceVersion: string;
  continueToken?: string;
}

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: KubeObject;
}

/** One cluster, as Pharos uses it. */
export class KubeClient {
  readonly objects: KubernetesObjectApi;
  private readonly watcher: Watch;

  private constructor(
    readonly config: KubeConfig,
    library: typeof ClientNode,
  ) {
    this.objects = library.KubernetesObjectApi.makeApiClient(config);
    this.watcher = new library.Watch(config);
  }

  /** A client of the cluster the access names, or why there is none (KubernetesAccessError). */
  static async of(access: KubeAccess, env: NodeJS.ProcessEnv = process.env): Promise<KubeClient> {
    return new KubeClient(await kubeConfigOf(access, env), await clientNode());
  }

  get server(): string {
    return this.config.getCurrentCluster()?.server ?? '';
  }

  /** One page of a kind's objects. */
  async listPage(apiVersion: string, kind: string, options: { namespace?: string; labelSelector?: string; fieldSelector?: string; limit?: number; continueToken?: string } = {}): Promise<ListPage<KubeObject>> {
    const list = await this.objects.list<KubeObject>(apiVersion, kind, options.namespace, undefined, undefined, undefined, options.fieldSelector, options.labelSelector, options.limit, options.continueToken);
    return {
      items: list.items.map((item) => ({ ...item, apiVersion, kind })),
      resourceVersion: list.metadata?.resourceVersion ?? '',
      ...(list.metadata?._continue ? { continueToken: list.metadata._continue } : {}),
    };
  }

  /** Every object of a kind, page by page. */
  async listAll(apiVersion: string, kind: string, options: { namespace?: string; labelSelector?: string; fieldSelector?: string; pageSize?: number; signal?: AbortSignal } = {}): Promise<ListPage<KubeObject>> {
    const items: KubeObject[] = [];
    let continueToken: string | undefined;
    let resourceVersion = '';
    do {
      options.signal?.throwIfAborted();
      let page: ListPage<KubeObject>;
      try {
        page = await this.listPage(apiVersion, kind, { ...options, limit: options.pageSize ?? 500, ...(continueToken ? { continueToken } : {}) });
      } catch (error) {
        if (!continueToken || statusOf(error) !== 410) throw error;
        // The continue token expired (compacted away) mid-list: as client-go's pager does, the kind is listed again whole, in one answer.
        const { pageSize: _pageSize, signal: _signal, ...selection } = options;
        const whole = await this.listPage(apiVersion, kind, selection);
        return { items: whole.items, resourceVersion: whole.resourceVersion };
      }
      items.push(...page.items);
      resourceVersion = page.resourceVersion;
      continueToken = page.continueToken;
    } while (continueToken);
    return { items, resourceVersion };
  }

  /** Watches a collection path (e.g. /api/v1/pods) from a resourceVersion; `done` is called when the stream ends, with the error if any. */
  async watch(path: string, query: Record<string, string | number | boolean | undefined>, onEvent: (event: WatchEvent) => void, done: (error?: unknown) => void): Promise<AbortController> {
    return this.watcher.watch(path, query, (type, object) => onEvent({ type: type as WatchEvent['type'], object: object as KubeObject }), (error: unknown) => done(error ?? undefined));
  }
}

/** The HTTP status of a client-node error (ApiException's code), if it has one. */
export function statusOf(error: unknown): number | undefined {
  // A watch that the API server ended without an error is done with none.
  if (!error || typeof error !== 'object') return undefined;
  const code = (error as { code?: unknown; statusCode?: unknown }).code ?? (error as { statusCode?: unknown }).statusCode;
  return typeof code === 'number' ? code : undefined;
}

/** The API server's own message (its Status body), else the error's. */
export function messageOf(error: unknown): string {
  if (!error || typeof error !== 'object') return String(error);
  const body = (error as { body?: unknown }).body;
  if (typeof body === 'string') {
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON: the error's own message follows
    }
  }
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') return (body as { message: string }).message;
  return (error as Error).message ?? String(error);
}
