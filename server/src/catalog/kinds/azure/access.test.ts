import { describe, expect, it } from 'vitest';
import type { ResolvedConnection } from '../../../connections/resolve.js';
import { azureAccessOf, PUBLIC_ARM, PUBLIC_AUTHORITY, type AzureAccessResolver } from './access.js';

const connectionRow = (fields: Partial<ResolvedConnection>): ResolvedConnection =>
  ({ id: 'c1', name: 'shop', namespace: 'default', type: 'azure', url: null, username: 'client-1', password: 'secret-1', certificate: null, insecure_tls: false, properties: { tenant: 'tenant-1' }, ...fields }) as ResolvedConnection;

const resolver = (connection?: ResolvedConnection): AzureAccessResolver => ({
  value: async (field) => (typeof field === 'string' ? field : typeof field === 'object' && field !== null && 'value' in field ? String(field.value) : undefined),
  connection: async () => {
    if (!connection) throw new Error('no such connection');
    return connection;
  },
});

describe('azureAccessOf', () => {
  it("uses the public cloud unless told otherwise, and the connection's service principal", async () => {
    expect(await azureAccessOf({ subscriptionID: 'sub-1', connection: 'connection://default/shop' }, resolver(connectionRow({})))).toEqual({
      subscriptionID: 'sub-1',
      tenantID: 'tenant-1',
      clientID: 'client-1',
      clientSecret: 'secret-1',
      endpoint: PUBLIC_ARM,
      authorityHost: PUBLIC_AUTHORITY,
      skipTLSVerify: false,
    });
  });

  it('names every missing field instead of using the machine identity', async () => {
    await expect(azureAccessOf({ tenantID: 't' }, resolver())).rejects.toThrow(
      'subscriptionID, clientID, clientSecret are required (in the spec or its azure connection): Pharos does not use the Azure identity of the machine it runs on',
    );
  });

  it('refuses a connection of another type, and endpoints that are not https', async () => {
    await expect(azureAccessOf({ subscriptionID: 's', connection: 'connection://default/shop' }, resolver(connectionRow({ type: 'aws' })))).rejects.toThrow(
      'connection connection://default/shop is a aws connection, not an azure one',
    );
    const own = { subscriptionID: 's', tenantID: 't', clientID: 'c', clientSecret: 'x' };
    await expect(azureAccessOf({ ...own, endpoint: 'http://arm.example' }, resolver())).rejects.toThrow('endpoint must be an https:// URL');
    await expect(azureAccessOf({ ...own, authorityHost: 'not a url' }, resolver())).rejects.toThrow(`authorityHost must be a URL such as ${PUBLIC_AUTHORITY}, not not a url`);
  });

  it("keeps a connection's secret on the connection's hosts", async () => {
    const sovereign = connectionRow({ url: 'https://management.usgovcloudapi.net', properties: { tenant: 't', authorityUrl: 'https://login.microsoftonline.us' } });
    expect(await azureAccessOf({ subscriptionID: 's', connection: 'connection://default/shop' }, resolver(sovereign))).toMatchObject({
      endpoint: 'https://management.usgovcloudapi.net',
      authorityHost: 'https://login.microsoftonline.us',
    });
    await expect(azureAccessOf({ subscriptionID: 's', connection: 'connection://default/shop', endpoint: 'https://elsewhere.example' }, resolver(sovereign))).rejects.toThrow(
      'is sent only to its own origin',
    );
    await expect(azureAccessOf({ subscriptionID: 's', connection: 'connection://default/shop', authorityHost: 'https://login.elsewhere.example' }, resolver(sovereign))).rejects.toThrow(
      'connection connection://default/shop signs in only at https://login.microsoftonline.us',
    );
  });
});
