import { readFile } from 'node:fs/promises';
import { isRecord } from '@pharos/core';
import { parse, stringify } from 'yaml';
import { KubernetesAccessError, kubeConfigOf, type KubeAccess } from './client.js';
import { serviceAccountOf } from './service-account.js';

function named(list: unknown, name: unknown): Record<string, unknown> | undefined {
  return Array.isArray(list) ? list.filter(isRecord).find((entry) => entry['name'] === name) : undefined;
}

/**
 * The kubeconfig with only its current context, that context's cluster and its user: a command given
 * it cannot switch (`--context`) to another cluster of the file and send that cluster's credentials.
 */
export async function currentContextOnly(text: string): Promise<{ kubeconfig: string; server: string }> {
  await kubeConfigOf({ kubeconfig: text });
  const parsed = parse(text) as Record<string, unknown>;
  const contextName = parsed['current-context'];
  const context = named(parsed['contexts'], contextName);
  const details = isRecord(context?.['context']) ? context['context'] : {};
  const cluster = named(parsed['clusters'], details['cluster']);
  const user = named(parsed['users'], details['user']);
  const server = isRecord(cluster?.['cluster']) && typeof cluster['cluster']['server'] === 'string' ? cluster['cluster']['server'] : '';
  const kubeconfig = stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: cluster ? [cluster] : [],
    users: user ? [user] : [],
    contexts: context ? [context] : [],
    'current-context': contextName,
  });
  return { kubeconfig, server };
}

/**
 * A kubeconfig for the access: the given one reduced to its current context, or, for the pod's own
 * service account, one holding its token and CA (a command's user cannot read the service account's
 * files, and kubectl reads in-cluster access only from them).
 */
export async function kubeconfigTextOf(access: KubeAccess, env: NodeJS.ProcessEnv = process.env): Promise<{ kubeconfig: string; server: string }> {
  if ('kubeconfig' in access) return currentContextOnly(access.kubeconfig);
  const config = await kubeConfigOf(access, env);
  const cluster = config.getCurrentCluster()!;
  const ca = cluster.caFile ? await readFile(cluster.caFile) : undefined;
  const { tokenFile } = await serviceAccountOf(env);
  const token = (await readFile(tokenFile, 'utf8').catch(() => {
    throw new KubernetesAccessError(`the pod's service account token (${tokenFile}) cannot be read`);
  })).trim();
  const kubeconfig = stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'in-cluster', cluster: { server: cluster.server, ...(ca ? { 'certificate-authority-data': ca.toString('base64') } : {}) } }],
    users: [{ name: 'service-account', user: { token } }],
    contexts: [{ name: 'in-cluster', context: { cluster: 'in-cluster', user: 'service-account' } }],
    'current-context': 'in-cluster',
  });
  return { kubeconfig, server: cluster.server };
}
