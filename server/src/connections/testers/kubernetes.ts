import { clientNode, KubernetesAccessError, kubeConfigOf, messageOf } from '../../kubernetes/client.js';
import { ConnectionTestFailure, failureOf, type ConnectionTester } from './types.js';

/** Reads the cluster's version with the kubeconfig (or the pod's service account when it is empty), as `kubectl version` does. */
export const testKubernetes: ConnectionTester = (connection) =>
  failureOf(async () => {
    try {
      const config = await kubeConfigOf(connection.certificate ? { kubeconfig: connection.certificate } : { inCluster: true });
      const { VersionApi } = await clientNode();
      await config.makeApiClient(VersionApi).getCode();
    } catch (error) {
      if (error instanceof KubernetesAccessError) throw new ConnectionTestFailure(error.message);
      throw new ConnectionTestFailure(messageOf(error));
    }
  });
