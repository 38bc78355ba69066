import { GcpAccessError, serviceAccountKeyOf } from '../../catalog/kinds/gcp/access.js';
import { signedInClient } from '../../catalog/kinds/gcp/token.js';
import { ConnectionTestFailure, type ConnectionTester } from './types.js';

/** Signs in as the service account of the connection's key, at the key's token_uri: Google's refusal is the reason. */
export const testGoogleCloud: ConnectionTester = async (connection, signal) => {
  if (!connection.certificate) throw new ConnectionTestFailure('The connection has no credentials (the JSON key of a service account)');
  try {
    await signedInClient(serviceAccountKeyOf(connection.certificate), signal);
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof GcpAccessError) throw new ConnectionTestFailure(error.message);
    throw error;
  }
};
