import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { cliCommands, fluxManifest } from '../../web/src/features/settings/agents/install-commands.js';
import { helmBinary } from './helm-binary.js';

/**
 * The chart rendered by the real helm (`helm lint`, `helm template`) and every manifest checked
 * against Kubernetes' schemas (kubernetes-models, generated from the Kubernetes OpenAPI document).
 */

const CHART = fileURLToPath(new URL('../helm/pharos', import.meta.url));
const KEY = 'k'.repeat(32);

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
  stringData?: Record<string, string>;
}

interface Container {
  name: string;
  args?: string[];
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  livenessProbe?: { httpGet: { path: string } };
  readinessProbe?: { httpGet: { path: string } };
  resources?: unknown;
  securityContext?: { readOnlyRootFilesystem?: boolean };
}

const VALIDATORS: Record<string, (manifest: Manifest) => void> = {
  'apps/v1/Deployment': (manifest) => new Deployment(manifest as never).validate(),
  'v1/Service': (manifest) => new Service(manifest as never).validate(),
  'v1/Secret': (manifest) => new Secret(manifest as never).validate(),
  'networking.k8s.io/v1/Ingress': (manifest) => new Ingress(manifest as never).validate(),
};

let helm: string;

beforeAll(() => {
  helm = helmBinary();
}, 300_000);

function helmRun(args: string[]): { ok: boolean; output: string } {
  try {
    return { ok: true, output: execFileSync(helm, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    const failure = error as { stderr?: string; stdout?: string };
    return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

function setFlags(values: Record<string, string>): string[] {
  return Object.entries(values).flatMap(([key, value]) => ['--set', `${key}=${value}`]);
}

/** Renders the chart and validates each manifest against its Kubernetes schema. */
function render(values: Record<string, string>): Manifest[] {
  const { ok, output } = helmRun(['template', 'pharos', CHART, ...setFlags(values)]);
  expect(ok, output).toBe(true);
  const manifests = parseAllDocuments(output)
    .map((document) => document.toJSON() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null);
  for (const manifest of manifests) {
    const validate = VALIDATORS[`${manifest.apiVersion}/${manifest.kind}`];
    expect(validate, `no schema check for ${manifest.apiVersion} ${manifest.kind}`).toBeDefined();
    validate?.(manifest);
  }
  return manifests;
}

function ofKind(manifests: Manifest[], kind: string): Manifest[] {
  return manifests.filter((manifest) => manifest.kind === kind);
}

function container(manifests: Manifest[]): Container {
  const deployment = ofKind(manifests, 'Deployment')[0] as unknown as { spec: { template: { spec: { containers: Container[] } } } };
  return deployment.spec.template.spec.containers[0]!;
}

describe('the Helm chart', () => {
  it('passes helm lint', () => {
    const { ok, output } = helmRun(['lint', CHART, ...setFlags({ 'database.url': 'postgres://pharos@db/pharos', 'secretKey.value': KEY })]);
    expect(ok, output).toBe(true);
    expect(output).toContain('0 chart(s) failed');
  });

  it('runs N replicas of pharos serve with the database URL and server key from Secrets, probes on /api/health and /api/ready', () => {
    const manifests = render({ replicaCount: '3', 'database.existingSecret': 'pg', 'database.existingSecretKey': 'url', 'secretKey.existingSecret': 'keys' });
    expect(ofKind(manifests, 'Secret')).toEqual([]);
    expect(ofKind(manifests, 'Ingress')).toEqual([]);
    expect(ofKind(manifests, 'Service')).toHaveLength(1);
    expect(ofKind(manifests, 'Deployment')[0]?.spec?.['replicas']).toBe(3);
    const pharos = container(manifests);
    expect(pharos.args).toEqual(['serve']);
    expect(pharos.env).toEqual(
      expect.arrayContaining([
        { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'pg', key: 'url' } } },
        { name: 'PHAROS_SECRET_KEY', valueFrom: { secretKeyRef: { name: 'keys', key: 'PHAROS_SECRET_KEY' } } },
        { name: 'PHAROS_SHUTDOWN_TIMEOUT', value: '25' },
      ]),
    );
    expect(pharos.livenessProbe?.httpGet.path).toBe('/api/health');
    expect(pharos.readinessProbe?.httpGet.path).toBe('/api/ready');
    expect(pharos.resources).toBeDefined();
    expect(pharos.securityContext?.readOnlyRootFilesystem).toBe(true);
  });

  it('keeps a database URL and key given in clear in a Secret of its own, and serves an optional ingress', () => {
    const manifests = render({ 'database.url': 'postgres://pharos@db/pharos', 'secretKey.value': KEY, 'ingress.enabled': 'true', 'ingress.host': 'ops.example.com', 'ingress.tlsSecretName': 'tls' });
    const secret = ofKind(manifests, 'Secret')[0];
    expect(secret?.stringData).toEqual({ DATABASE_URL: 'postgres://pharos@db/pharos', PHAROS_SECRET_KEY: KEY });
    const env = container(manifests).env ?? [];
    expect(env.find((entry) => entry.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.name).toBe(secret?.metadata.name);
    expect(ofKind(manifests, 'Ingress')[0]?.spec?.['rules']).toEqual([
      { host: 'ops.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'pharos', port: { name: 'http' } } } }] } },
    ]);
  });

  it('in agent mode runs pharos agent --upstream URL --token TOKEN, the token from its Secret', () => {
    const manifests = render({ 'agent.enabled': 'true', 'agent.upstream': 'https://pharos.example.com', 'agent.tokenSecret.name': 'pharos-agent-edge', 'agent.tokenSecret.key': 'token' });
    expect(ofKind(manifests, 'Service')).toEqual([]);
    const agent = container(manifests);
    expect(agent.args).toEqual(['agent', '--upstream', 'https://pharos.example.com', '--token', '$(PHAROS_AGENT_TOKEN)']);
    expect(agent.env).toContainEqual({ name: 'PHAROS_AGENT_TOKEN', valueFrom: { secretKeyRef: { name: 'pharos-agent-edge', key: 'token' } } });
  });

  it.each([
    [{}, 'database.url or database.existingSecret is required'],
    [{ 'database.url': 'postgres://db/pharos' }, 'secretKey.existingSecret or secretKey.value is required'],
    [{ 'database.url': 'postgres://db/pharos', 'secretKey.value': 'short' }, 'secretKey.value must have at least 32 characters'],
    [{ 'agent.enabled': 'true', 'agent.tokenSecret.name': 't' }, 'agent.upstream is required'],
  ])('refuses incomplete values %o with a message naming what is missing', (values, message) => {
    const { ok, output } = helmRun(['template', 'pharos', CHART, ...setFlags(values)]);
    expect(ok).toBe(false);
    expect(output).toContain(message);
  });

  it('schema checks catch a manifest Kubernetes would refuse', () => {
    const [deployment] = ofKind(render({ 'database.url': 'postgres://db/pharos', 'secretKey.value': KEY }), 'Deployment');
    expect(() => VALIDATORS['apps/v1/Deployment']!({ ...deployment!, spec: { ...deployment!.spec, replicas: 'two' } })).toThrow(/replicas must be integer/);
  });
});

describe("the agents page's Installation Instructions", () => {
  const target = { upstream: 'https://pharos.example.com', agentName: 'edge-1', token: 'pharos_agent-token' };
  const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

  it('Helm CLI: installs this chart in agent mode with the Secret the commands create', () => {
    const commands = cliCommands(target);
    const install = commands.replace(/ \\\n\s*/g, ' ').split('\n').find((line) => line.startsWith('helm upgrade --install')) ?? '';
    const words = install.split(' ');
    expect(words.slice(0, 4)).toEqual(['helm', 'upgrade', '--install', 'pharos-agent']);
    expect(path.resolve(repositoryRoot, words[4] ?? '')).toBe(CHART);
    const sets = words.flatMap((word, index) => (words[index - 1] === '--set' ? [word] : []));
    const { ok, output } = helmRun(['template', 'pharos-agent', CHART, ...sets.flatMap((set) => ['--set', set])]);
    expect(ok, output).toBe(true);
    const agent = container(parseAllDocuments(output).map((document) => document.toJSON() as Manifest));
    expect(agent.args).toEqual(['agent', '--upstream', target.upstream, '--token', '$(PHAROS_AGENT_TOKEN)']);
    const secret = agent.env?.find((entry) => entry.name === 'PHAROS_AGENT_TOKEN')?.valueFrom?.secretKeyRef;
    expect(commands).toContain(`create secret generic ${secret?.name} --from-literal=${secret?.key}=${target.token}`);
  });

  it('Flux: its HelmRelease values render this chart in agent mode with the Secret of the manifest', () => {
    const documents = parseAllDocuments(fluxManifest(target)).map((document) => document.toJSON() as Manifest & { spec: { values?: unknown; chart?: { spec: { chart: string } } } });
    const release = documents.find((document) => document.kind === 'HelmRelease');
    expect(path.resolve(repositoryRoot, release?.spec.chart?.spec.chart ?? '')).toBe(CHART);
    const folder = mkdtempSync(path.join(tmpdir(), 'pharos-values-'));
    try {
      const values = path.join(folder, 'values.yaml');
      writeFileSync(values, JSON.stringify(release?.spec.values));
      const { ok, output } = helmRun(['template', 'pharos-agent', CHART, '-f', values]);
      expect(ok, output).toBe(true);
      const manifests = parseAllDocuments(output).map((document) => document.toJSON() as Manifest);
      for (const manifest of manifests) VALIDATORS[`${manifest.apiVersion}/${manifest.kind}`]?.(manifest);
      const agent = container(manifests);
      expect(agent.args).toEqual(['agent', '--upstream', target.upstream, '--token', '$(PHAROS_AGENT_TOKEN)']);
      const secretRef = agent.env?.find((entry) => entry.name === 'PHAROS_AGENT_TOKEN')?.valueFrom?.secretKeyRef;
      const secret = documents.find((document) => document.kind === 'Secret');
      expect(secret?.metadata.name).toBe(secretRef?.name);
      expect(secret?.stringData?.[secretRef?.key ?? '']).toBe(target.token);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
