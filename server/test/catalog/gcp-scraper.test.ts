import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStoredValue } from '../../src/secret-store/store.js';
import { PROJECT, startGcpStandIn, type GcpStandIn } from '../support/gcp-stand-in/index.js';
import { TEST_SECRETS } from '../support/server.js';
import { saveConnection, testSaved } from '../connections/helpers.js';
import { catalogTest } from './helpers.js';

/**
 * The gcp scraper against Google's token endpoint and Compute and Storage APIs stood in on loopback
 * (support/gcp-stand-in), which verifies the service account's signed assertion and then the bearer
 * token it issued: a ScrapeConfig applied through /api/apply, run, and its configs and relationships
 * read back through /api/db as the web app reads them.
 */

const env = catalogTest('pharos-gcp-');
const ACCOUNT = `pharos-reader@${PROJECT}.iam.gserviceaccount.com`;
let gcp: GcpStandIn;
let decoy: GcpStandIn;
let ownPrivateKey: string;
let otherPrivateKey: string;

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }) as string;

/** A service account's JSON key as the Cloud console hands it out, its token_uri the stand-in's. */
const serviceAccountKey = (privateKey: string, tokenUri: string) =>
  JSON.stringify({
    type: 'service_account',
    project_id: PROJECT,
    private_key_id: '1f2e3d4c5b6a79880123456789abcdef01234567',
    private_key: privateKey,
    client_email: ACCOUNT,
    client_id: '109876543210987654321',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: tokenUri,
    universe_domain: 'googleapis.com',
  });

const storeSecret = (name: string, value: string) => setStoredValue(env.server.pool, TEST_SECRETS, { kind: 'Secret', namespace: 'default', name, key: 'key.json' }, value);

beforeAll(async () => {
  const own = keyPair();
  const other = keyPair();
  ownPrivateKey = pem(own.privateKey);
  otherPrivateKey = pem(other.privateKey);
  gcp = await startGcpStandIn(new Map([[ACCOUNT, own.publicKey]]));
  decoy = await startGcpStandIn(new Map([[ACCOUNT, own.publicKey]]));
  await storeSecret('gcp-key', serviceAccountKey(ownPrivateKey, gcp.tokenUri));
});
afterAll(async () => {
  await gcp?.close();
  await decoy?.close();
});

const scrapeConfig = (name: string, entry: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  gcp:
${entry}`;

/** config-db's example (fixtures/gcp.yaml), its key from a secret, pointed at the stand-in. */
const shopScraper = (name: string, secret: string) =>
  scrapeConfig(
    name,
    `    - project: ${PROJECT}
      endpoint: ${gcp.url}
      credentials:
        valueFrom:
          secretKeyRef: {name: ${secret}, key: key.json}
      exclude:
        - SecurityCenter
`,
  );

describe('the gcp scraper', () => {
  it('saves instances, networks, subnetworks and buckets as config-db types, with labels, tags, health from state and parents', async () => {
    await env.apply(shopScraper('gcp-shop', 'gcp-key'));
    const scraperId = await env.scraperId('gcp-shop');
    const run = await env.run(scraperId);
    expect(run.errors).toEqual([]);
    const saved = await env.configsOf(scraperId);
    expect([...saved.keys()].sort()).toEqual(['GCP::Bucket/shop-invoices', 'GCP::Instance/batch-1', 'GCP::Instance/web-1', 'GCP::Network/shop-vpc', 'GCP::Subnetwork/shop-web']);
    const idOf = (key: string) => saved.get(key)!.id;
    expect(saved.get('GCP::Instance/web-1')).toMatchObject({
      config_class: 'Instance',
      health: 'healthy',
      status: 'Running',
      labels: { team: 'shop', env: 'prod' },
      tags: { project: PROJECT, zone: 'europe-west1-b', region: 'europe-west1' },
      parent_id: idOf('GCP::Subnetwork/shop-web'),
    });
    // As config-db keeps them: compute links without https://www.googleapis.com/compute/v1/.
    expect(saved.get('GCP::Instance/web-1')!.config).toMatchObject({ id: '4567891234567891234', machineType: `projects/${PROJECT}/zones/europe-west1-b/machineTypes/e2-small` });
    expect(saved.get('GCP::Instance/batch-1')).toMatchObject({ health: 'unhealthy', status: 'Terminated', tags: { zone: 'europe-west1-c' } });
    expect(saved.get('GCP::Subnetwork/shop-web')).toMatchObject({ config_class: 'Subnetwork', health: 'healthy', status: 'Ready', tags: { project: PROJECT, region: 'europe-west1' }, parent_id: idOf('GCP::Network/shop-vpc') });
    expect(saved.get('GCP::Network/shop-vpc')).toMatchObject({ config_class: 'Network', tags: { project: PROJECT }, parent_id: null });
    expect(saved.get('GCP::Bucket/shop-invoices')).toMatchObject({ config_class: 'Bucket', labels: { team: 'billing' }, tags: { project: PROJECT, region: 'eu' } });
  });

  it('relates instances to their subnetwork and subnetworks to their network', async () => {
    const saved = await env.configsOf(await env.scraperId('gcp-shop'));
    const nameOf = new Map([...saved.entries()].map(([key, row]) => [row.id, key]));
    const relationships = await env.db<{ config_id: string; related_id: string }>(`config_relationships?config_id=in.(${[...nameOf.keys()].join(',')})&select=config_id,related_id`);
    expect(relationships.map((row) => `${nameOf.get(row.config_id)} -> ${nameOf.get(row.related_id)}`).sort()).toEqual([
      'GCP::Network/shop-vpc -> GCP::Subnetwork/shop-web',
      'GCP::Subnetwork/shop-web -> GCP::Instance/batch-1',
      'GCP::Subnetwork/shop-web -> GCP::Instance/web-1',
    ]);
  });

  it('signs in at the key\'s token_uri and sends the token it got only to the configured endpoint', async () => {
    const host = new URL(gcp.url).host;
    expect(gcp.requests.every((request) => request.host === host)).toBe(true);
    const [token, ...calls] = gcp.requests;
    expect(token).toMatchObject({ method: 'POST', path: '/token' });
    expect(token!.refused).toBeUndefined();
    expect(calls.map((call) => [call.path, call.authorized])).toEqual([
      [`/compute/v1/projects/${PROJECT}/global/networks`, true],
      [`/compute/v1/projects/${PROJECT}/aggregated/subnetworks`, true],
      // A page holds one resource: both instances are read, across two pages.
      [`/compute/v1/projects/${PROJECT}/aggregated/instances`, true],
      [`/compute/v1/projects/${PROJECT}/aggregated/instances`, true],
      ['/storage/v1/b', true],
    ]);
    expect(decoy.requests).toEqual([]);
    // The stand-in answers nothing without the token it issued.
    const bare = await fetch(`${gcp.url}/storage/v1/b?project=${PROJECT}`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });

  it('says Google refused the key when its signature is not the account\'s, and saves nothing', async () => {
    await storeSecret('stale-key', serviceAccountKey(otherPrivateKey, gcp.tokenUri));
    await env.apply(shopScraper('gcp-stale-key', 'stale-key'));
    const scraperId = await env.scraperId('gcp-stale-key');
    const before = gcp.requests.length;
    const run = await env.run(scraperId);
    expect(run.errors).toEqual([`gcp[0]: Google refused the service account key of ${ACCOUNT} at ${gcp.tokenUri}: invalid_grant: Invalid JWT Signature.`]);
    expect(run.items).toBe(0);
    expect((await env.configsOf(scraperId)).size).toBe(0);
    expect(gcp.requests.slice(before).map((request) => [request.path, request.refused])).toEqual([['/token', 'invalid_grant']]);
  });

  it('is stood in by a token endpoint that refuses an assertion meant for another audience', async () => {
    // The client signs its assertion for the key's token_uri; this one is signed as for Google's own.
    const assertion = await new SignJWT({ scope: 'https://www.googleapis.com/auth/cloud-platform.read-only' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(ACCOUNT)
      .setAudience('https://oauth2.googleapis.com/token')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(createPrivateKey(ownPrivateKey));
    const answer = await fetch(gcp.tokenUri, { method: 'POST', body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }) });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid JWT: aud must be the token endpoint.' });
  });

  it('uses a gcp connection\'s key, endpoint and project, and will not send them to an endpoint of the spec elsewhere', async () => {
    await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata: {name: shop-gcloud, namespace: default}
spec:
  gcp:
    project: ${PROJECT}
    endpoint: {value: "${gcp.url}"}
    certificate:
      valueFrom:
        secretKeyRef: {name: gcp-key, key: key.json}
`);
    await env.apply(scrapeConfig('gcp-by-connection', '    - connection: connection://default/shop-gcloud\n      include: [storage.googleapis.com/Bucket]\n'));
    const run = await env.run(await env.scraperId('gcp-by-connection'));
    expect(run.errors).toEqual([]);
    expect([...(await env.configsOf(await env.scraperId('gcp-by-connection'))).keys()]).toEqual(['GCP::Bucket/shop-invoices']);

    // Its Test button signs in at the key's token_uri; a key whose signature is not the account's is refused.
    const { rows } = await env.server.pool.query<{ id: string }>("select id from connections where name = 'shop-gcloud'");
    expect(await testSaved(env.server, env.token, rows[0]!.id)).toEqual({ status: 200, message: 'ok' });
    const stale = await saveConnection(env.server, env.token, { name: 'stale-gcloud', type: 'google_cloud', url: gcp.url, certificate: serviceAccountKey(otherPrivateKey, gcp.tokenUri) });
    expect(await testSaved(env.server, env.token, stale.id)).toEqual({ status: 400, message: `Google refused the service account key of ${ACCOUNT} at ${gcp.tokenUri}: invalid_grant: Invalid JWT Signature.` });

    const elsewhere = await env.applyRaw(scrapeConfig('gcp-elsewhere', `    - connection: connection://default/shop-gcloud\n      endpoint: ${decoy.url}\n`));
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { message: string }).message).toContain(`/spec/gcp/0/endpoint: connection default/shop-gcloud is sent only to its own origin ${gcp.url}`);
    expect(decoy.requests).toEqual([]);
  });

  it('says which reads of a project Google refused, in Google\'s words', async () => {
    await env.apply(shopScraper('gcp-shop', 'gcp-key').replace(`project: ${PROJECT}`, 'projects: [projects/retired-314159]').replace('name: gcp-shop', 'name: gcp-retired'));
    const run = await env.run(await env.scraperId('gcp-retired'));
    const notFound = "NOT_FOUND: The resource 'projects/retired-314159' was not found";
    expect(run.errors).toEqual(['networks', 'subnetworks', 'instances', 'buckets'].map((what) => `gcp[0]: retired-314159: failed to list ${what}: ${notFound}`));
  });

  it('asks for a key instead of using the machine\'s own, and says what is wrong with one that is not a key', async () => {
    await env.apply(scrapeConfig('gcp-no-key', `    - project: ${PROJECT}\n      endpoint: ${gcp.url}\n`));
    const before = gcp.requests.length;
    const run = await env.run(await env.scraperId('gcp-no-key'));
    expect(run.errors).toEqual(['gcp[0]: credentials is required (the JSON key of a service account, or a gcp connection that holds one): Pharos does not use the credentials of the machine it runs on']);
    await env.apply(scrapeConfig('gcp-not-a-key', `    - project: ${PROJECT}\n      endpoint: ${gcp.url}\n      credentials: {value: "not json"}\n`));
    expect((await env.run(await env.scraperId('gcp-not-a-key'))).errors).toEqual(['gcp[0]: credentials is not JSON: give the JSON key of a service account']);
    expect(gcp.requests.length).toBe(before);
  });
});
