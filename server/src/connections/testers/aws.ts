import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { awsAccessOf, AwsAccessError } from '../../aws/access.js';
import { assumedAccess } from '../../aws/assume-role.js';
import { awsErrorText, clientConfigOf, DEFAULT_REGION } from '../../aws/clients.js';
import { ConnectionTestFailure, type ConnectionTester } from './types.js';

/** Asks STS who the keys are (GetCallerIdentity), as `aws sts get-caller-identity` does: AWS's refusal is the reason. */
export const testAws: ConnectionTester = async (connection, signal) => {
  let access;
  try {
    access = await awsAccessOf({ connection: connection.name }, { value: () => Promise.resolve(undefined), connection: () => Promise.resolve(connection) });
  } catch (error) {
    if (error instanceof AwsAccessError) throw new ConnectionTestFailure('The connection has no access key and secret key');
    throw error;
  }
  const region = access.regions[0] ?? DEFAULT_REGION;
  let sts: STSClient | undefined;
  try {
    sts = new STSClient(clientConfigOf(await assumedAccess(access, region, signal), region));
    await sts.send(new GetCallerIdentityCommand({}), { abortSignal: signal });
  } catch (error) {
    signal.throwIfAborted();
    throw new ConnectionTestFailure(awsErrorText(error));
  } finally {
    sts?.destroy();
  }
};
