import { get as httpsGet } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStoredValue } from '../../src/secret-store/store.js';
import { startAzureStandIn, SUBSCRIPTION_ID, TENANT_ID, type AzureStandIn } from '../support/azure-stand-in/index.js';
import { TEST_SECRETS } from '../support/server.js';
import { saveConnection, testSaved } from '../connections/helpers.js';
import { catalogTest } from './helpers.js';

/**
 * The azure scraper against a stand-in of the Microsoft identity platform and Azure Resource Manager
 * on loopback (support/azure-stand-in): a ScrapeConfig applied through /api/apply, run, and its
 * configs and relationships read back through /api/db as the web app reads them.
 */

const env = catalogTest('pharos-azure-');
const CLIENT_ID = '8f3c2a1e-6b5d-4c7e-9a0f-1d2e3f4a5b6c';
const CLIENT_SECRET = 'Qx8Q~shop-reader-secret.value~0123456789';
let azure: AzureStandIn;
let decoy: AzureStandIn;
let connection = '';

beforeAll(async () => {
  azure = await startAzureStandIn({ [CLIENT_ID]: CLIENT_SECRET });
  decoy = await startAzureStandIn({ [CLIENT_ID]: CLIENT_SECRET });
  const saved = await saveConnection(env.server, env.token, {
    name: 'shop-subscription',
    type: 'azure',
    url: azure.url,
    username: CLIENT_ID,
    password: CLIENT_SECRET,
    // The stand-in's certificate is self-signed.
    insecure_tls: true,
    properties: { tenant: TENANT_ID, authorityUrl: azure.url },
  });
  connection = `connection://${saved.namespace}/${saved.name}`;
});
afterAll(async () => {
  await azure?.close();
  await decoy?.close();
});

const scrapeConfig = (name: string, entry: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  azure:
    - subscriptionID: ${SUBSCRIPTION_ID}
${entry}`;

const RG = 'Azure::Microsoft.Resources/resourceGroups';
const VM = 'Azure::Microsoft.Compute/virtualMachines';
const VNET = 'Azure::Microsoft.Network/virtualNetworks';
const SUBNET = 'Azure::Microsoft.Network/virtualNetworks/subnets';
const STORAGE = 'Azure::Microsoft.Storage/storageAccounts';

describe('the azure scraper', () => {
  it('saves resource groups (both pages), VMs, networks, subnets and storage accounts as config-db types them', async () => {
    await env.apply(scrapeConfig('azure-shop', `      connection: ${connection}\n`));
    const scraperId = await env.scraperId('azure-shop');
    const run = await env.run(scraperId);
    expect(run.errors).toEqual([]);
    const saved = await env.configsOf(scraperId);
    expect([...saved.keys()].sort()).toEqual([
      `${VM}/batch-vm`,
      `${VM}/web-vm`,
      `${VNET}/shop-vnet`,
      `${SUBNET}/app`,
      `${SUBNET}/data`,
      `${RG}/network-rg`,
      `${RG}/shop-rg`,
      `${STORAGE}/shopinvoices`,
    ]);
    const idOf = (key: string) => saved.get(key)!.id;
    expect(saved.get(`${VM}/web-vm`)).toMatchObject({
      config_class: 'VirtualMachine',
      health: 'healthy',
      status: 'Running',
      labels: { team: 'shop', role: 'web' },
      tags: { subscriptionID: SUBSCRIPTION_ID, resourceGroup: 'shop-rg', region: 'westeurope' },
      parent_id: idOf(`${RG}/shop-rg`),
    });
    expect(saved.get(`${VM}/web-vm`)!.config).toMatchObject({ properties: { vmId: '0f47b100-583c-48e3-a4c0-aefc2c9bbcc1', hardwareProfile: { vmSize: 'Standard_B2s' } } });
    expect(saved.get(`${VM}/batch-vm`)).toMatchObject({ health: 'unhealthy', status: 'Deallocated' });
    expect(saved.get(`${RG}/shop-rg`)).toMatchObject({ config_class: 'ResourceGroup', health: 'healthy', status: 'Succeeded', labels: { team: 'shop', env: 'prod' }, parent_id: null });
    expect(saved.get(`${VNET}/shop-vnet`)).toMatchObject({ config_class: 'VirtualNetwork', health: 'healthy', parent_id: idOf(`${RG}/network-rg`), labels: { team: 'platform' } });
    expect(saved.get(`${SUBNET}/app`)).toMatchObject({ config_class: 'Subnet', health: 'healthy', parent_id: idOf(`${VNET}/shop-vnet`) });
    expect(saved.get(`${STORAGE}/shopinvoices`)).toMatchObject({ config_class: 'StorageAccount', health: 'healthy', parent_id: idOf(`${RG}/shop-rg`), labels: { team: 'shop' } });
    // config-db's ids: ARM resource ids, lower-cased.
    const [storage] = await env.db<{ external_id: string }>(`configs?id=eq.${idOf(`${STORAGE}/shopinvoices`)}&select=external_id`);
    expect(storage!.external_id).toBe(`/subscriptions/${SUBSCRIPTION_ID}/resourcegroups/shop-rg/providers/microsoft.storage/storageaccounts/shopinvoices`);
    // The resource groups came in two pages, the second asked for by ARM's nextLink.
    expect(azure.requests.filter((request) => request.path.endsWith('/resourcegroups')).length).toBe(2);
  });

  it('relates VMs to their resource group and to the subnet of their network interface', async () => {
    const saved = await env.configsOf(await env.scraperId('azure-shop'));
    const nameOf = new Map([...saved.entries()].map(([key, row]) => [row.id, key]));
    const relationships = await env.db<{ config_id: string; related_id: string }>(`config_relationships?config_id=in.(${[...nameOf.keys()].join(',')})&select=config_id,related_id`);
    const pairs = relationships.map((row) => `${nameOf.get(row.config_id)} -> ${nameOf.get(row.related_id)}`);
    expect(pairs).toEqual(expect.arrayContaining([`${SUBNET}/app -> ${VM}/web-vm`, `${SUBNET}/app -> ${VM}/batch-vm`]));
    // Each VM: its resource group (the parent that contains it) and the subnet of its NIC, nothing else.
    expect(pairs.filter((pair) => pair.includes(`-> ${VM}/`)).sort()).toEqual([
      `${SUBNET}/app -> ${VM}/batch-vm`,
      `${SUBNET}/app -> ${VM}/web-vm`,
      `${RG}/shop-rg -> ${VM}/batch-vm`,
      `${RG}/shop-rg -> ${VM}/web-vm`,
    ]);
  });

  it('sends the secret only to the configured authority, and the token only to the configured ARM endpoint', async () => {
    const host = new URL(azure.url).host;
    expect(azure.requests.filter((request) => request.host !== host || request.refused)).toEqual([]);
    // MSAL reads the tenant's OpenID configuration at the authority before asking for a token; no instance discovery for another cloud.
    expect(azure.requests.some((request) => request.path === `/${TENANT_ID}/v2.0/.well-known/openid-configuration`)).toBe(true);
    expect(azure.requests.some((request) => request.path === '/common/discovery/instance')).toBe(false);
    const tokenRequests = azure.requests.filter((request) => request.path.endsWith('/oauth2/v2.0/token'));
    expect(tokenRequests.length).toBeGreaterThan(0);
    expect(tokenRequests.every((request) => request.path === `/${TENANT_ID}/oauth2/v2.0/token` && request.clientId === CLIENT_ID && request.scope?.split(' ').includes(`${azure.url}/.default`))).toBe(true);
    const armCalls = azure.requests.filter((request) => request.path.startsWith('/subscriptions/'));
    expect(armCalls.length).toBe(6);
    expect(armCalls.every((request) => request.clientId === CLIENT_ID)).toBe(true);
    expect(decoy.requests).toEqual([]);

    const elsewhere = await env.applyRaw(scrapeConfig('azure-elsewhere', `      connection: ${connection}\n      endpoint: ${decoy.url}\n`));
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { message: string }).message).toContain(`/spec/azure/0/endpoint: connection ${connection.slice('connection://'.length)} is sent only to its own origin`);

    await env.apply(scrapeConfig('azure-other-authority', `      connection: ${connection}\n      authorityHost: ${decoy.url}\n`));
    const refused = await env.run(await env.scraperId('azure-other-authority'));
    expect(refused.errors).toEqual([`azure[0]: connection ${connection} signs in only at ${azure.url}: authorityHost ${decoy.url} is another host (set the connection's authorityUrl property)`]);
    expect(decoy.requests).toEqual([]);
  });

  it("signs in with the spec's own service principal, and reads only what include names", async () => {
    await setStoredValue(env.server.pool, TEST_SECRETS, { kind: 'Secret', namespace: 'default', name: 'azure-reader', key: 'secret' }, CLIENT_SECRET);
    await env.apply(
      scrapeConfig(
        'azure-storage-only',
        `      connection: ${connection}\n      tenantID: ${TENANT_ID}\n      clientID: {value: ${CLIENT_ID}}\n      clientSecret:\n        valueFrom:\n          secretKeyRef: {name: azure-reader, key: secret}\n      endpoint: ${azure.url}\n      authorityHost: ${azure.url}\n      skipTLSVerify: true\n      include: [storageAccounts]\n`,
      ),
    );
    const before = azure.requests.length;
    const run = await env.run(await env.scraperId('azure-storage-only'));
    expect(run.errors).toEqual([]);
    expect([...(await env.configsOf(await env.scraperId('azure-storage-only'))).keys()]).toEqual([`${STORAGE}/shopinvoices`]);
    expect(azure.requests.slice(before).filter((request) => request.path.startsWith('/subscriptions/')).map((request) => request.path)).toEqual([
      `/subscriptions/${SUBSCRIPTION_ID}/providers/Microsoft.Storage/storageAccounts`,
    ]);
  });

  it('names each list ARM refused as an error of the run', async () => {
    const other = '99999999-8888-7777-6666-555555555555';
    await env.apply(scrapeConfig('azure-unknown-subscription', `      connection: ${connection}\n`).replace(SUBSCRIPTION_ID, other));
    const run = await env.run(await env.scraperId('azure-unknown-subscription'));
    const notFound = `404 SubscriptionNotFound: The subscription '${other}' could not be found.`;
    expect(run.errors).toEqual([
      `azure[0]: failed to list resource groups: /subscriptions/${other}/resourcegroups: ${notFound}`,
      `azure[0]: failed to list network interfaces: /subscriptions/${other}/providers/Microsoft.Network/networkInterfaces: ${notFound}`,
      `azure[0]: failed to list virtual machines: /subscriptions/${other}/providers/Microsoft.Compute/virtualMachines: ${notFound}`,
      `azure[0]: failed to list virtual networks: /subscriptions/${other}/providers/Microsoft.Network/virtualNetworks: ${notFound}`,
      `azure[0]: failed to list storage accounts: /subscriptions/${other}/providers/Microsoft.Storage/storageAccounts: ${notFound}`,
    ]);
    expect(run.items).toBe(0);
  });

  it("tests an azure connection by asking the identity platform for ARM's token", async () => {
    const { rows } = await env.server.pool.query<{ id: string }>("select id from connections where name = 'shop-subscription'");
    expect(await testSaved(env.server, env.token, rows[0]!.id)).toEqual({ status: 200, message: 'ok' });
    const stale = await saveConnection(env.server, env.token, { type: 'azure', url: azure.url, username: CLIENT_ID, password: 'an-old-secret', insecure_tls: true, properties: { tenant: TENANT_ID, authorityUrl: azure.url } });
    expect(await testSaved(env.server, env.token, stale.id)).toEqual({
      status: 400,
      message: `the identity platform at ${azure.url} refused client ${CLIENT_ID} of tenant ${TENANT_ID}: AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${CLIENT_ID}'.`,
    });
  });

  it('says the identity platform refused the secret, and saves nothing', async () => {
    await setStoredValue(env.server.pool, TEST_SECRETS, { kind: 'Secret', namespace: 'default', name: 'azure-wrong', key: 'secret' }, 'not-the-secret');
    const entry = `      connection: ${connection}
      tenantID: ${TENANT_ID}
      clientID: {value: ${CLIENT_ID}}
      clientSecret:
        valueFrom:
          secretKeyRef: {name: azure-wrong, key: secret}
      endpoint: ${azure.url}
      authorityHost: ${azure.url}
      skipTLSVerify: true
`;
    await env.apply(scrapeConfig('azure-wrong-secret', entry));
    const scraperId = await env.scraperId('azure-wrong-secret');
    const before = azure.requests.length;
    const run = await env.run(scraperId);
    expect(run.errors).toEqual([
      `azure[0]: the identity platform at ${azure.url} refused client ${CLIENT_ID} of tenant ${TENANT_ID}: AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${CLIENT_ID}'.`,
    ]);
    expect(run.items).toBe(0);
    expect((await env.configsOf(scraperId)).size).toBe(0);
    const sent = azure.requests.slice(before);
    expect(sent.filter((request) => request.path.startsWith('/subscriptions/'))).toEqual([]);
    expect(sent.at(-1)).toMatchObject({ path: `/${TENANT_ID}/oauth2/v2.0/token`, refused: 'AADSTS7000215' });
  });

  it('refuses ARM calls without the token the identity platform issued', async () => {
    const path = `/subscriptions/${SUBSCRIPTION_ID}/resourcegroups?api-version=2021-04-01`;
    expect(await armAnswer(path)).toMatchObject({ status: 401, body: { error: { code: 'AuthenticationFailed' } } });
    expect(await armAnswer(path, 'Bearer forged-token')).toMatchObject({ status: 401, body: { error: { code: 'InvalidAuthenticationToken' } } });
  });
});

/** An ARM call to the stand-in (its certificate self-signed), as a client without a granted token makes it. */
function armAnswer(path: string, authorization?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpsGet(`${azure.url}${path}`, { rejectUnauthorized: false, headers: authorization ? { authorization } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    request.on('error', reject);
  });
}
