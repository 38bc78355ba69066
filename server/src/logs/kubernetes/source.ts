import type { CoreV1Api } from '@kubernetes/client-node';
import { clientNode, messageOf, statusOf, type KubeClient, type KubeObject } from '../../kubernetes/client.js';
import { decodeTimeCursor, timePage } from '../cursor.js';
import type { KubernetesLogSpec } from '../spec.js';
import { BackendError, PageError, SearchError, type LogPage, type LogSearch, type LogSource } from '../types.js';
import { isoOf, nanosecondsOfDate, newestFirst, parsePodLog, type PodLine } from './lines.js';

/** A search reads at most this many pods: more is a selector to narrow. */
export const MAX_PODS = 50;
/** The newest lines of each container that a search reads (`tailLines`), so that one chatty container cannot fill the server's memory. */
export const MAX_LINES_PER_CONTAINER = 10_000;
/** Containers read at once. */
const PARALLEL_READS = 4;

/** Label names and values as Kubernetes allows them (a value with a comma would add a term to the selector). */
const LABEL_NAME = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const LABEL_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/;

/** The pods and containers a search means. */
interface Selection {
  namespace?: string;
  pod?: string;
  container?: string;
  labelSelector?: string;
}

/** `namespace`, `pod` and `container` labels choose those; any other label must be a label of the pod; the backend's own fields are defaults. */
function selectionOf(spec: KubernetesLogSpec, labels: Record<string, string>): Selection {
  const { namespace, pod, container, ...podLabels } = labels;
  const terms = Object.entries(podLabels).map(([name, value]) => {
    if (!LABEL_NAME.test(name)) throw new SearchError(`${name} is not a Kubernetes label name`);
    if (!LABEL_VALUE.test(value)) throw new SearchError(`${value} is not a Kubernetes label value (label ${name})`);
    return `${name}=${value}`;
  });
  const labelSelector = [spec.labelSelector, ...terms].filter(Boolean).join(',');
  const selection: Selection = {
    ...((namespace ?? spec.namespace) ? { namespace: namespace ?? spec.namespace } : {}),
    ...((pod ?? spec.pod) ? { pod: pod ?? spec.pod } : {}),
    ...((container ?? spec.container) ? { container: container ?? spec.container } : {}),
    ...(labelSelector ? { labelSelector } : {}),
  };
  if (selection.pod && !selection.namespace) throw new SearchError(`the pod ${selection.pod} is named without its namespace: give the namespace label (or the backend's namespace)`);
  return selection;
}

/** What Kubernetes answered, as the route explains it: refusals and unreachable clusters are the backend's (502), a bad request the search's (400). */
function failure(error: unknown, backend: string, what: string, permission: string): Error {
  const status = statusOf(error);
  const message = messageOf(error);
  if (status === 403) return new BackendError(`Kubernetes refused to ${what} for log backend ${backend}: ${message}. Its account needs ${permission}.`);
  if (status === 401) return new BackendError(`Kubernetes did not accept the credentials of log backend ${backend} (401 Unauthorized): renew the token of its kubeconfig or connection`);
  if (status === 400) return new SearchError(`Kubernetes could not ${what}: ${message}`);
  if (status !== undefined) return new BackendError(`Kubernetes answered ${status} to ${what} for log backend ${backend}: ${message}`);
  return new BackendError(`Kubernetes could not be reached by log backend ${backend}: ${message}`);
}

/**
 * Pod logs through the API server (`GET /api/v1/namespaces/{ns}/pods/{pod}/log` with
 * `timestamps=true`, `sinceSeconds` and `tailLines`): the containers of the pods a search selects,
 * their lines merged newest first and paged by time as the other backends do.
 */
export class KubernetesLogSource implements LogSource {
  private core: CoreV1Api | undefined;

  constructor(
    private readonly spec: KubernetesLogSpec,
    private readonly client: KubeClient,
    private readonly backend: string,
  ) {}

  private async coreApi(): Promise<CoreV1Api> {
    if (!this.core) this.core = this.client.config.makeApiClient((await clientNode()).CoreV1Api);
    return this.core;
  }

  async search(search: LogSearch, signal: AbortSignal): Promise<LogPage> {
    const cursor = decodeTimeCursor('kubernetes', search.page);
    if (cursor && !/^\d+$/.test(cursor.t)) throw new PageError('page is not a nextPage of this log search: start again without page');
    const selection = selectionOf(this.spec, search.labels);
    const reads = (await this.pods(selection)).flatMap((pod) => containersOf(pod, selection.container).map((container) => ({ pod, container })));
    const start = nanosecondsOfDate(search.start);
    const end = cursor && BigInt(cursor.t) < nanosecondsOfDate(search.end) ? BigInt(cursor.t) : nanosecondsOfDate(search.end) + 999_999n;
    // sinceSeconds counts back from the API server's clock; lines before `start` are dropped below.
    const sinceSeconds = Math.max(1, Math.ceil((Date.now() - search.start.getTime()) / 1000) + 1);
    const query = search.query.toLowerCase();
    const lines: PodLine[] = [];
    for (let i = 0; i < reads.length; i += PARALLEL_READS) {
      signal.throwIfAborted();
      const batch = await Promise.all(reads.slice(i, i + PARALLEL_READS).map(({ pod, container }) => this.read(pod, container, sinceSeconds)));
      for (const read of batch) lines.push(...read.filter((line) => line.ns >= start && line.ns <= end && (query === '' || line.message.toLowerCase().includes(query))));
    }
    signal.throwIfAborted();
    const page = timePage('kubernetes', lines.sort(newestFirst), (line) => String(line.ns), search.limit, cursor);
    return {
      results: page.rows.map((line) => ({ timestamp: isoOf(line.ns), message: line.message, labels: line.labels })),
      ...(page.nextPage ? { nextPage: page.nextPage } : {}),
    };
  }

  private async pods(selection: Selection): Promise<KubeObject[]> {
    const where = selection.namespace ? `in the namespace ${selection.namespace}` : 'in every namespace';
    let items: KubeObject[];
    try {
      const page = await this.client.listPage('v1', 'Pod', {
        ...(selection.namespace ? { namespace: selection.namespace } : {}),
        ...(selection.labelSelector ? { labelSelector: selection.labelSelector } : {}),
        ...(selection.pod ? { fieldSelector: `metadata.name=${selection.pod}` } : {}),
        limit: MAX_PODS + 1,
      });
      items = page.items;
    } catch (error) {
      throw failure(error, this.backend, `list the pods ${where}`, `list on pods ${where}`);
    }
    if (items.length > MAX_PODS) throw new SearchError(`more than ${MAX_PODS} pods ${where} match${selection.labelSelector ? ` ${selection.labelSelector}` : ''}: narrow the search with the namespace, pod or other labels`);
    return items;
  }

  private async read(pod: KubeObject, container: string, sinceSeconds: number): Promise<PodLine[]> {
    const namespace = pod.metadata.namespace ?? 'default';
    const name = pod.metadata.name;
    const labels = { ...(pod.metadata.labels ?? {}), namespace, pod: name, container };
    let text: string;
    try {
      text = await (await this.coreApi()).readNamespacedPodLog({ name, namespace, container, timestamps: true, sinceSeconds, tailLines: MAX_LINES_PER_CONTAINER });
    } catch (error) {
      // A pod deleted since it was listed has no logs left to read.
      if (statusOf(error) === 404) return [];
      throw failure(error, this.backend, `read the logs of ${namespace}/${name} (container ${container})`, `get on pods/log in the namespace ${namespace}`);
    }
    return parsePodLog(text, labels);
  }
}

/** The pod's containers, or the one asked for when the pod has it. */
function containersOf(pod: KubeObject, container: string | undefined): string[] {
  const spec = pod['spec'] as { containers?: Array<{ name?: unknown }> } | undefined;
  const names = (spec?.containers ?? []).map((entry) => entry.name).filter((name): name is string => typeof name === 'string');
  return container === undefined ? names : names.filter((name) => name === container);
}
