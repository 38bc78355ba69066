import { azureAccessOf, AzureAccessError } from '../../catalog/kinds/azure/access.js';
import { armOf, ArmError } from '../../catalog/kinds/azure/arm.js';
import { ConnectionTestFailure, type ConnectionTester } from './types.js';

/** Asks the identity platform for ARM's token with the connection's service principal: its refusal (AADSTS code) is the reason. */
export const testAzure: ConnectionTester = async (connection, signal) => {
  let access;
  try {
    // A token is per tenant, not per subscription: the subscription is not asked for here.
    access = await azureAccessOf({ connection: connection.name, subscriptionID: 'not-asked' }, { value: () => Promise.resolve(undefined), connection: () => Promise.resolve(connection) });
  } catch (error) {
    if (error instanceof AzureAccessError) throw new ConnectionTestFailure(error.message.replace(/^subscriptionID, /, ''));
    throw error;
  }
  try {
    await armOf(access, 'pharos-connection-test').signIn(signal);
  } catch (error) {
    if (error instanceof ArmError) throw new ConnectionTestFailure(error.message);
    throw error;
  }
};
