import { isRecord } from '@pharos/core';
import { KubeClient, type KubeAccess } from '../../kubernetes/client.js';
import { text, type RunContext } from './types.js';

/** The cluster a check means: `kubeconfig` (value or valueFrom), else a kubernetes `connection`, else the pod Pharos runs in. */
export async function checkClient(spec: Record<string, unknown>, context: RunContext): Promise<KubeClient> {
  let access: KubeAccess = { inCluster: true };
  const kubeconfig = spec['kubeconfig'] !== undefined && spec['kubeconfig'] !== null ? await context.value(spec['kubeconfig']) : undefined;
  const reference = text(spec['connection']);
  if (kubeconfig) access = { kubeconfig };
  else if (isRecord(spec['kubeconfig'])) throw new Error('kubeconfig: write {value: …} or {valueFrom: {secretKeyRef: {name, key}}}');
  else if (reference) {
    if (!context.connection) throw new Error('connection cannot be resolved here');
    const connection = await context.connection(reference);
    if (connection.type !== 'kubernetes') throw new Error(`connection ${reference} is a ${connection.type} connection, not a kubernetes one`);
    if (connection.certificate) access = { kubeconfig: connection.certificate };
  }
  return KubeClient.of(access);
}
