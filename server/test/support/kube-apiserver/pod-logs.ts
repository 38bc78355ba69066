import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeObject } from './store.js';

/** One line a container wrote, with the time the kubelet stamped on it (RFC 3339 with nanoseconds). */
export interface PodLogLine {
  time: string;
  message: string;
}

export interface LogQuery {
  container?: string;
  sinceTime?: string;
  sinceSeconds?: string;
  timestamps: boolean;
  tailLines?: string;
}

/** An answer of the log endpoint: the text (200) or the API server's Status reason and message. */
export type LogAnswer = { text: string } | { code: number; reason: string; message: string };

const LOGS = join(import.meta.dirname, 'logs');

/** The fixture lines of `logs/{pod}.{container}.log` (see README.md), each `time message` as the kubelet keeps them. */
export function fixtureLogLines(pod: string, container: string): PodLogLine[] {
  return readFileSync(join(LOGS, `${pod}.${container}.log`), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const space = line.indexOf(' ');
      return { time: line.slice(0, space), message: line.slice(space + 1) };
    });
}

/** The fixture files there are, as `{pod, container}`. */
export function fixtureLogFiles(): { pod: string; container: string }[] {
  return readdirSync(LOGS)
    .filter((file) => file.endsWith('.log'))
    .map((file) => {
      const [pod, container] = file.replace(/\.log$/, '').split('.');
      return { pod: pod!, container: container! };
    });
}

/** Seconds since the epoch, with the nanoseconds kept apart (a Date has milliseconds only). */
function nanosecondsOf(time: string): bigint | undefined {
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(time);
  if (!match) return undefined;
  const seconds = Date.parse(`${match[1]}${match[3]}`);
  if (Number.isNaN(seconds)) return undefined;
  return BigInt(seconds) * 1_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

/** The containers' lines of each pod, by `namespace/pod/container`: what the kubelet would serve. */
export class PodLogs {
  private readonly lines = new Map<string, PodLogLine[]>();

  set(namespace: string, pod: string, container: string, lines: PodLogLine[]): void {
    this.lines.set(`${namespace}/${pod}/${container}`, lines);
  }

  /** GET /api/v1/namespaces/{namespace}/pods/{name}/log as the API server answers it (through the kubelet). */
  answer(pod: KubeObject | undefined, namespace: string, name: string, query: LogQuery, now = Date.now()): LogAnswer {
    if (!pod) return { code: 404, reason: 'NotFound', message: `pods "${name}" not found` };
    const containers = ((pod['spec'] as { containers?: Array<{ name: string }> } | undefined)?.containers ?? []).map((container) => container.name);
    let container = query.container;
    if (!container) {
      if (containers.length !== 1) return { code: 400, reason: 'BadRequest', message: `a container name must be specified for pod ${name}, choose one of: [${containers.join(' ')}]` };
      container = containers[0]!;
    }
    if (!containers.includes(container)) return { code: 400, reason: 'BadRequest', message: `container ${container} is not valid for pod ${name}` };
    if (query.sinceTime && query.sinceSeconds) return { code: 400, reason: 'BadRequest', message: 'PodLogOptions.meta.k8s.io "" is invalid: sinceSeconds: Forbidden: at most one of sinceTime or sinceSeconds may be specified' };
    let since: bigint | undefined;
    if (query.sinceTime) {
      since = nanosecondsOf(query.sinceTime);
      if (since === undefined) return { code: 400, reason: 'BadRequest', message: `parsing time "${query.sinceTime}" as "2006-01-02T15:04:05Z07:00": cannot parse` };
    } else if (query.sinceSeconds) {
      const seconds = Number(query.sinceSeconds);
      if (!Number.isInteger(seconds) || seconds < 1) return { code: 400, reason: 'BadRequest', message: 'PodLogOptions.meta.k8s.io "" is invalid: sinceSeconds: Invalid value: must be greater than 0' };
      since = (BigInt(now) - BigInt(seconds) * 1000n) * 1_000_000n;
    }
    let lines = (this.lines.get(`${namespace}/${name}/${container}`) ?? []).filter((line) => since === undefined || (nanosecondsOf(line.time) ?? 0n) >= since);
    if (query.tailLines !== undefined) {
      const tail = Number(query.tailLines);
      if (!Number.isInteger(tail) || tail < 0) return { code: 400, reason: 'BadRequest', message: 'PodLogOptions.meta.k8s.io "" is invalid: tailLines: Invalid value: must be greater than or equal to 0' };
      lines = tail === 0 ? [] : lines.slice(-tail);
    }
    return { text: lines.map((line) => (query.timestamps ? `${line.time} ${line.message}\n` : `${line.message}\n`)).join('') };
  }
}
