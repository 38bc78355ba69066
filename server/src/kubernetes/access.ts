import { envVarText, isRecord } from '@pharos/core';
import type pg from 'pg';
import { findByReference, hydrate } from '../connections/resolve.js';
import { resolveValue } from '../secret-store/resolve.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { KubeClient, KubernetesAccessError, type KubeAccess } from './client.js';

export interface AccessContext {
  pool: pg.Pool | pg.PoolClient;
  secrets: ServerSecrets;
  namespace: string;
}

/**
 * Which cluster a spec means, as canary-checker and config-db read it: `kubeconfig` (a value, or
 * valueFrom a secret or config map, holding the kubeconfig's content), else `connection` (a saved
 * kubernetes connection, whose kubeconfig is its certificate field), else the service account of
 * the pod Pharos runs in.
 */
export async function kubeAccessOf(spec: Record<string, unknown>, context: AccessContext): Promise<KubeAccess> {
  const given = envVarText(spec['kubeconfig']);
  if (given !== undefined && given !== '') {
    const text = await resolveValue(context.pool, context.secrets, given, context.namespace);
    if (text.trim() === '') throw new KubernetesAccessError(`kubeconfig: ${given} is empty`);
    return { kubeconfig: text };
  }
  const reference = typeof spec['connection'] === 'string' && spec['connection'] !== '' ? spec['connection'] : undefined;
  if (reference) {
    const connection = await hydrate(context.pool, context.secrets, await findByReference(context.pool, reference, context.namespace));
    if (connection.type !== 'kubernetes') throw new KubernetesAccessError(`connection ${reference} is a ${connection.type} connection, not a kubernetes one`);
    return connection.certificate ? { kubeconfig: connection.certificate } : { inCluster: true };
  }
  if (isRecord(spec['kubeconfig'])) throw new KubernetesAccessError('kubeconfig: write {value: …} or {valueFrom: {secretKeyRef: {name, key}}}');
  return { inCluster: true };
}

/** A client for the cluster a spec means. */
export async function kubeClientFor(spec: Record<string, unknown>, context: AccessContext): Promise<KubeClient> {
  return KubeClient.of(await kubeAccessOf(spec, context));
}
