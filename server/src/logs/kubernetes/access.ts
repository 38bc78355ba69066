import { ForeignOrigin } from '../../connections/origin.js';
import { resolveConnection } from '../../connections/resolve.js';
import { KubeClient, KubernetesAccessError, type KubeAccess } from '../../kubernetes/client.js';
import { resolveValue, UnresolvedReference } from '../../secret-store/resolve.js';
import type { EndpointContext } from '../endpoint.js';
import type { KubernetesLogSpec } from '../spec.js';
import { BackendConfigError } from '../types.js';

/** The cluster a kubernetes backend reads: its kubeconfig, else its kubernetes connection's, else the pod Pharos runs in. */
export async function kubeClientOf(context: EndpointContext, name: string, spec: KubernetesLogSpec): Promise<KubeClient> {
  try {
    let access: KubeAccess = { inCluster: true };
    if (spec.kubeconfig) access = { kubeconfig: await resolveValue(context.pool, context.secrets, spec.kubeconfig, context.namespace) };
    else if (spec.connection) {
      const connection = await resolveConnection(context.pool, context.secrets, spec.connection, context.namespace);
      if (connection.type !== 'kubernetes') throw new KubernetesAccessError(`the connection ${spec.connection} is a ${connection.type} connection, not a kubernetes one`);
      if (connection.certificate) access = { kubeconfig: connection.certificate };
    }
    return await KubeClient.of(access);
  } catch (error) {
    if (error instanceof KubernetesAccessError || error instanceof UnresolvedReference || error instanceof ForeignOrigin) throw new BackendConfigError(`Log backend ${name}: ${error.message}`);
    throw error;
  }
}
