import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * canary-checker's own example specs (its fixtures/, copied unchanged under
 * test/apply/fixtures/canary-checker) apply through POST /api/apply as they are, and every entry of
 * every check list becomes a check of that type and name; wrong specs are refused with the field path
 * and the reason, and nothing of them is saved.
 */

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../apply/fixtures/canary-checker');
const FILES = readdirSync(FIXTURES).filter((file) => file.endsWith('.yaml')).sort();

/** Keys of canary-checker's CanarySpec that are not check lists. */
const NOT_CHECKS = new Set(['replicas', 'retries', 'env', 'interval', 'schedule', 'icon', 'severity', 'owner', 'resultMode', 'agentSelector']);

interface Document {
  metadata: { name: string; namespace?: string };
  spec: Record<string, unknown>;
}

/** The (type, name) pairs a canary-checker spec describes, read straight from the YAML. */
function expectedChecks(spec: Record<string, unknown>): string[] {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(spec)) {
    if (NOT_CHECKS.has(key)) continue;
    const entries = Array.isArray(value) ? value : [value];
    entries.forEach((entry: { name?: string }, index) => pairs.push(`${key}/${entry.name ?? `${key}-${index + 1}`}`));
  }
  // Checks are kept by type and name: two entries of one name are one check.
  return [...new Set(pairs)].sort();
}

let database: FreshDatabase;
let server: TestServer;
let token: string;
let sandbox: ExpressionSandbox;

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox }, database.url);
  token = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await database?.drop();
});

function apply(body: string): Promise<Response> {
  return fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body });
}

async function checksOf(canaryId: string): Promise<string[]> {
  const { rows } = await server.pool.query<{ type: string; name: string }>('select type, name from checks where canary_id = $1 and deleted_at is null', [canaryId]);
  return rows.map((row) => `${row.type}/${row.name}`).sort();
}

describe("canary-checker's example specs", () => {
  it('are a corpus of every kind of check people write', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(50);
    const types = new Set(FILES.flatMap((file) => parseAllDocuments(readFileSync(join(FIXTURES, file), 'utf8')).flatMap((doc) => Object.keys((doc.toJS() as Document).spec))));
    for (const type of ['http', 'tcp', 'dns', 'icmp', 'exec', 'postgres', 'mysql', 'mssql', 'redis', 'mongodb', 'ldap', 'prometheus', 'alertmanager', 'elasticsearch', 'opensearch', 'folder', 'junit', 'webhook', 'kubernetes', 'pod', 'helm', 'containerd', 'cloudwatch', 's3', 'awsConfig', 'awsConfigRule', 'azureDevops', 'dynatrace', 'catalog', 'pubsub', 'restic', 'jmeter', 'databaseBackup']) {
      expect(types, type).toContain(type);
    }
  });

  it.each(FILES)('%s applies unchanged and its checks are synced with their types and names', async (file) => {
    const yaml = readFileSync(join(FIXTURES, file), 'utf8');
    const response = await apply(yaml);
    expect(response.status, await response.clone().text()).toBe(200);
    const { resources } = (await response.json()) as { resources: { kind: string; name: string; namespace: string; id: string }[] };
    const documents = parseAllDocuments(yaml).map((doc) => doc.toJS() as Document);
    expect(resources.map((resource) => `${resource.kind} ${resource.name}`)).toEqual(documents.map((doc) => `Canary ${doc.metadata.name}`));
    for (const [index, resource] of resources.entries()) {
      await syncCanary(server.pool, resource.id);
      expect(await checksOf(resource.id)).toEqual(expectedChecks(documents[index]!.spec));
    }
  });

  it('keep types that need Kubernetes or a cloud account, and their checks say why they do not run here', async () => {
    const errors: Record<string, string | null> = {};
    for (const name of ['helm-check', 's3-fail', 'azure-devops']) {
      const { rows } = await server.pool.query<{ id: string }>('select id from canaries where name = $1 and deleted_at is null', [name]);
      expect(rows, name).toHaveLength(1);
      const { checks, statuses } = await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: rows[0]!.id }, AbortSignal.timeout(10_000));
      for (const status of statuses) {
        const check = checks.find((candidate) => candidate.id === status.checkId)!;
        expect(status.invalid, check.name).toBe(true);
        errors[check.type] = status.outcome.error ?? null;
      }
    }
    expect(errors).toMatchObject({
      helm: 'helm checks need a Kubernetes cluster, which this Pharos is not connected to: the spec is kept',
      s3: 's3 checks need an AWS account (or S3-compatible storage), which this Pharos is not connected to: the spec is kept',
      azureDevops: 'azureDevops checks need an Azure DevOps organization, which this Pharos is not connected to: the spec is kept',
    });
  });

  it('run upstream\'s cloudwatch check, which asks for the keys it was not given', async () => {
    const { rows } = await server.pool.query<{ id: string }>("select id from canaries where name = 'cloudwatch' and deleted_at is null");
    const { statuses } = await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: rows[0]!.id }, AbortSignal.timeout(10_000));
    expect(statuses.map((status) => ({ invalid: status.invalid, pass: status.outcome.pass, error: status.outcome.error }))).toEqual([
      { invalid: false, pass: false, error: 'accessKey and secretKey are required (or a connection of type aws that holds them): Pharos does not use the credentials of the machine it runs on' },
    ]);
  });

  it('run kubernetes and pod checks, which say where a cluster is missing', async () => {
    for (const name of ['kube-pass', 'pod-fail']) {
      const { rows } = await server.pool.query<{ id: string }>('select id from canaries where name = $1 and deleted_at is null', [name]);
      const { statuses } = await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: rows[0]!.id }, AbortSignal.timeout(10_000));
      expect(statuses.length, name).toBeGreaterThan(0);
      for (const status of statuses) {
        expect(status.invalid, name).toBeFalsy();
        expect(status.outcome.error, name).toContain('no kubeconfig was given and Pharos does not run in a Kubernetes pod');
      }
    }
  });
});

describe('a wrong canary spec', () => {
  async function refused(yaml: string): Promise<{ path: string; reason: string }[]> {
    const before = await server.pool.query('select count(*)::int as n from canaries');
    const response = await apply(yaml);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { problems: { path: string; reason: string }[] };
    const after = await server.pool.query('select count(*)::int as n from canaries');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    return body.problems;
  }

  const canary = (spec: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: wrong
spec:
${spec}`;

  it('naming an unknown check type (a list under a key that is no type) is refused with its path', async () => {
    const problems = await refused(canary('  htpp:\n    - name: typo\n      url: http://127.0.0.1/\n'));
    expect(problems).toEqual([expect.objectContaining({ path: '/spec/htpp', reason: expect.stringMatching(/^is not a check type: lists of checks go under a known type key \(http, tcp/) })]);
  });

  it('with a value of the wrong type is refused with the path and the reason', async () => {
    const problems = await refused(canary('  http:\n    - name: codes\n      url: http://127.0.0.1/\n      responseCodes: ok\n'));
    expect(problems).toEqual([expect.objectContaining({ path: '/spec/http/0/responseCodes', reason: expect.stringMatching(/array/) })]);
    const port = await refused(canary('  tcp:\n    - name: port\n      endpoint: 127.0.0.1:5432\n      thresholdMillis: fast\n'));
    expect(port).toEqual([expect.objectContaining({ path: '/spec/tcp/0/thresholdMillis', reason: expect.stringMatching(/integer/) })]);
  });

  it('missing what its type requires is refused, and nothing of the call is saved', async () => {
    const problems = await refused(`${canary('  tcp:\n    - name: no-endpoint\n')}---\n${canary('  http:\n    - name: fine\n      url: http://127.0.0.1/\n').replace('name: wrong', 'name: fine')}`);
    expect(problems).toEqual([expect.objectContaining({ path: '/spec/tcp/0/endpoint', reason: 'endpoint is required' })]);
    expect((await server.pool.query("select 1 from canaries where name = 'fine'")).rowCount).toBe(0);
  });
});
