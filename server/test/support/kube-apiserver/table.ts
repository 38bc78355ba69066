import type { KubeObject } from './store.js';

/** How old, as kubectl prints ages (`45s`, `3m`, `5h`, `12d`). */
function age(object: KubeObject): string {
  const created = Date.parse(String(object.metadata['creationTimestamp'] ?? ''));
  if (Number.isNaN(created)) return '<unknown>';
  const seconds = Math.max(0, Math.floor((Date.now() - created) / 1000));
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 172_800) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

type ContainerStatus = { ready?: boolean; restartCount?: number; state?: { waiting?: { reason?: string } } };

function podCells(object: KubeObject): unknown[] {
  const status = (object['status'] ?? {}) as { phase?: string; containerStatuses?: ContainerStatus[] };
  const spec = (object['spec'] ?? {}) as { containers?: unknown[] };
  const containers = status.containerStatuses ?? [];
  const waiting = containers.find((container) => container.state?.waiting?.reason)?.state?.waiting?.reason;
  return [
    object.metadata.name,
    `${containers.filter((container) => container.ready).length}/${spec.containers?.length ?? containers.length}`,
    waiting ?? status.phase ?? 'Unknown',
    containers.reduce((sum, container) => sum + (container.restartCount ?? 0), 0),
    age(object),
  ];
}

const column = (name: string, type: string, format = '') => ({ name, type, format, description: '', priority: 0 });

/** The meta.k8s.io/v1 Table kubectl asks for to print objects (`Accept: …;as=Table`). */
export function tableOf(objects: KubeObject[], resourceVersion: string, withColumns = true): unknown {
  const pods = objects.every((object) => object.kind === 'Pod');
  const columnDefinitions = pods
    ? [column('Name', 'string', 'name'), column('Ready', 'string'), column('Status', 'string'), column('Restarts', 'integer'), column('Age', 'string')]
    : [column('Name', 'string', 'name'), column('Age', 'string')];
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    ...(withColumns ? { columnDefinitions } : { columnDefinitions: [] }),
    rows: objects.map((object) => ({
      cells: pods ? podCells(object) : [object.metadata.name, age(object)],
      object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata },
    })),
  };
}
