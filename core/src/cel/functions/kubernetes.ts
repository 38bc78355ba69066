import { cpuAsMillicores, kubernetesHealth, memoryAsBytes } from '../../health/kubernetes.js';
import { matchQuery } from '../match-query.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';
import { plain } from '../values.js';
import { matchLabel } from './match-label.js';

/** gomplate's k8s namespace for objects already at hand (no cluster): health, quantities, labels, properties. */

type Obj = Record<string, unknown>;

const record = (value: unknown): Obj => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {});
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(record) : []);

/** An object as a map: as it is, or from its JSON text. */
function object(value: unknown): Obj {
  const data = plain(value);
  return record(typeof data === 'string' ? (JSON.parse(data) as unknown) : data);
}

const BINARY_UNITS: Readonly<Record<string, number>> = { ki: 2 ** 10, mi: 2 ** 20, gi: 2 ** 30 };

/** gomplate's memoryAsBytes: Ki, Mi and Gi in any case, truncated to whole bytes; other units as Kubernetes reads them. */
function memoryBytes(quantity: string): number {
  const lower = quantity.trim().toLowerCase();
  const unit = BINARY_UNITS[lower.slice(-2)];
  const amount = Number(lower.slice(0, -2));
  if (unit !== undefined && lower.length > 2 && Number.isFinite(amount)) return Math.trunc(amount * unit);
  return memoryAsBytes(quantity);
}

/** gomplate's cpuAsMillicores: millicores (`250m`), nanocores (`250000000n`) or cores (`0.5`). */
function cpuMillicores(quantity: string): number {
  const trimmed = quantity.trim();
  if (/^\d+n$/.test(trimmed)) return Math.trunc(Number(trimmed.slice(0, -1)) / 1_000_000);
  return cpuAsMillicores(trimmed);
}

function quantityOf(kind: 'cpu' | 'memory', quantity: unknown): number {
  if (quantity === undefined || quantity === null || quantity === '') return 0;
  return kind === 'cpu' ? cpuMillicores(String(quantity)) : memoryBytes(String(quantity));
}

/** The sum over a pod's containers of their cpu (millicores) or memory (bytes) limits or requests. */
function podResources(pod: unknown, resource: string, allocation: 'limits' | 'requests'): bigint {
  if (resource !== 'cpu' && resource !== 'memory') return 0n;
  const containers = list(record(object(pod)['spec'])['containers']);
  return BigInt(containers.reduce((total, container) => total + quantityOf(resource, record(record(container['resources'])[allocation])[resource]), 0));
}

function labels(value: unknown): Record<string, string> {
  const metadata = record(object(value)['metadata']);
  const out: Record<string, string> = {};
  if (typeof metadata['namespace'] === 'string' && metadata['namespace'] !== '') out['namespace'] = metadata['namespace'];
  for (const [key, label] of Object.entries(record(metadata['labels']))) if (!key.endsWith('-hash')) out[key] = String(label);
  return out;
}

function podProperties(value: unknown): Obj[] {
  const pod = object(value);
  const spec = record(pod['spec']);
  const metadata = record(pod['metadata']);
  const first = list(spec['containers'])[0] ?? {};
  return [
    { name: 'image', text: String(first['image'] ?? '') },
    { name: 'cpu', max: podResources(pod, 'cpu', 'limits'), unit: 'millicores', headline: true },
    { name: 'memory', max: podResources(pod, 'memory', 'limits'), unit: 'bytes', headline: true },
    { name: 'node', text: String(spec['nodeName'] ?? '') },
    { name: 'created_at', text: String(metadata['creationTimestamp'] ?? '') },
    { name: 'namespace', text: String(metadata['namespace'] ?? '') },
  ];
}

function nodeProperties(value: unknown): Obj[] {
  const node = object(value);
  const allocatable = record(record(node['status'])['allocatable']);
  return [
    { name: 'cpu', max: BigInt(quantityOf('cpu', allocatable['cpu'])), unit: 'millicores', headline: true },
    { name: 'memory', max: BigInt(quantityOf('memory', allocatable['memory'])), unit: 'bytes', headline: true },
    { name: 'ephemeral-storage', max: BigInt(quantityOf('memory', allocatable['ephemeral-storage'])), unit: 'bytes', headline: true },
    { name: 'zone', text: String(record(record(node['metadata'])['labels'])['topology.kubernetes.io/zone'] ?? '') },
  ];
}

export const KUBERNETES_FUNCTIONS: CelOverload[] = [
  overload('matchQuery(dyn, string): bool', (resource: unknown, query: string) => matchQuery(plain(resource), query)),
  overload('matchLabel(dyn, string, string): bool', (map: unknown, key: string, patterns: string) => matchLabel(record(plain(map)), key, patterns)),
  ...inNamespace('k8s', [
    overload('getHealth(dyn): map', (value: unknown) => ({ ...kubernetesHealth(object(value)) })),
    overload('getStatus(dyn): string', (value: unknown) => kubernetesHealth(object(value)).status),
    overload('isHealthy(dyn): bool', (value: unknown) => kubernetesHealth(object(value)).health === 'healthy'),
    overload('isReady(dyn): bool', (value: unknown) => kubernetesHealth(object(value)).ready),
    overload('cpuAsMillicores(string): int', (quantity: string) => BigInt(cpuMillicores(quantity))),
    overload('memoryAsBytes(string): int', (quantity: string) => BigInt(memoryBytes(quantity))),
    overload('getResourcesLimit(dyn, string): int', (pod: unknown, resource: string) => podResources(pod, resource, 'limits')),
    overload('getResourcesRequests(dyn, string): int', (pod: unknown, resource: string) => podResources(pod, resource, 'requests')),
    overload('labels(dyn): map', labels),
    overload('podProperties(dyn): list', podProperties),
    overload('nodeProperties(dyn): list', nodeProperties),
  ]),
];
