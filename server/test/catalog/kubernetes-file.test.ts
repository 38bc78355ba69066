import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { outcomeOf } from '../../src/catalog/run-scraper.js';
import { catalogTest } from './helpers.js';

/**
 * kubernetesFile scrapers read Kubernetes manifests from files this test writes (a YAML stream, a
 * List in JSON): each manifest becomes an item typed Kubernetes::{Kind} with its uid, or its
 * namespace/name, as id; the selector picks manifests; an edit gives a diff change.
 */

const env = catalogTest('pharos-k8s-file-');

beforeAll(async () => {
  await mkdir(path.join(env.dir, 'manifests'));
});

async function apply(name: string, entry: string): Promise<string> {
  const yaml = `apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: ${name}\nspec:\n  schedule: '@every 1h'\n  kubernetesFile:\n${entry}`;
  await env.apply(yaml);
  return env.scraperId(name);
}

interface Row {
  type: string;
  external_id: string;
  name: string;
  config_class: string;
  labels: Record<string, string>;
  tags: Record<string, string>;
  config: Record<string, unknown>;
  created_at: Date;
}

async function configsOf(id: string): Promise<Row[]> {
  const { rows } = await env.server.pool.query<Row>(
    'select type, external_id, name, config_class, labels, tags, config, created_at from configs where scraper_id = $1 and deleted_at is null order by type, external_id',
    [id],
  );
  return rows;
}

const deployment = (replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  uid: 6f1c1f4e-1d7a-4a57-9b61-5a4b0d3c2e10
  creationTimestamp: '2026-01-02T03:04:05Z'
  labels: {app: web, tier: frontend}
spec:
  replicas: ${replicas}
`;

const SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: shop
  labels: {app: web}
spec:
  ports: [{port: 80}]
`;

describe('kubernetesFile scrapers', () => {
  it('make an item of each manifest in a YAML stream and a List, typed Kubernetes::{Kind}, and an edit gives a diff change', async () => {
    await writeFile(path.join(env.dir, 'manifests', 'web.yaml'), `${deployment(2)}---\n${SERVICE}---\napiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n`);
    await writeFile(
      path.join(env.dir, 'manifests', 'config.json'),
      JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'shop' }, data: { currency: 'EUR' } }] }),
    );
    const id = await apply('manifests', "    - files:\n        - path: ['manifests/*.yaml', 'manifests/*.json']\n");
    const run = await env.run(id);
    expect(run.errors).toEqual([]);
    const rows = await configsOf(id);
    expect(rows.map((row) => [row.type, row.external_id, row.name, row.config_class])).toEqual([
      ['Kubernetes::ConfigMap', 'shop/settings', 'settings', 'ConfigMap'],
      ['Kubernetes::Deployment', '6f1c1f4e-1d7a-4a57-9b61-5a4b0d3c2e10', 'web', 'Deployment'],
      ['Kubernetes::Namespace', 'shop', 'shop', 'Namespace'],
      ['Kubernetes::Service', 'shop/web', 'web', 'Service'],
    ]);
    const web = rows.find((row) => row.type === 'Kubernetes::Deployment')!;
    expect(web.labels).toEqual({ app: 'web', tier: 'frontend' });
    expect(web.tags).toMatchObject({ namespace: 'shop' });
    expect(web.config).toMatchObject({ spec: { replicas: 2 } });
    expect(web.created_at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(outcomeOf(run)).toMatchObject({ status: 'SUCCESS', details: { scrape_summary: { 'Kubernetes::Deployment': { added: 1 } } } });

    await writeFile(path.join(env.dir, 'manifests', 'web.yaml'), `${deployment(3)}---\n${SERVICE}`);
    const second = await env.run(id);
    expect(second.errors).toEqual([]);
    const { rows: changes } = await env.server.pool.query<{ change_type: string; patches: unknown }>(
      "select cc.change_type, cc.patches from config_changes cc join configs c on c.id = cc.config_id where c.scraper_id = $1 and c.type = 'Kubernetes::Deployment'",
      [id],
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]!.change_type).toBe('diff');
    expect(JSON.stringify(changes[0]!.patches)).toContain('replicas');
  });

  it('keep only the manifests the selector picks, and the spec may still name id and type', async () => {
    await writeFile(path.join(env.dir, 'manifests', 'extra.yaml'), `${deployment(1).replace('name: web', 'name: api').replace('6f1c1f4e', '7f1c1f4e').replace('app: web', 'app: api')}`);
    const id = await apply(
      'selected',
      "    - selector: {namespace: shop, kind: deployment, labelSelector: 'tier=frontend,app!=web'}\n      files:\n        - path: ['manifests/*.yaml']\n",
    );
    const run = await env.run(id);
    expect(run.errors).toEqual([]);
    expect((await configsOf(id)).map((row) => [row.type, row.name])).toEqual([['Kubernetes::Deployment', 'api']]);

    const named = await apply('named', "    - type: Shop::Manifest\n      id: $.metadata.name\n      selector: {kind: Service}\n      files:\n        - path: [manifests/web.yaml]\n");
    await env.run(named);
    expect((await configsOf(named)).map((row) => [row.type, row.external_id])).toEqual([['Shop::Manifest', 'web']]);
  });

  it('say which document is not a manifest and refuse an entry without files', async () => {
    await writeFile(path.join(env.dir, 'broken.yaml'), 'just: data\n---\nkind: Pod\nmetadata: {name: lone, namespace: default}\n');
    const id = await apply('broken', "    - files:\n        - path: [broken.yaml]\n    - selector: {kind: Pod}\n");
    const run = await env.run(id);
    expect(run.errors).toEqual([
      'kubernetesFile[0]: broken.yaml: document 1 is not a Kubernetes manifest (no kind or metadata.name)',
      'kubernetesFile[1]: files: name the manifests to read (files: [{path: [...]}])',
    ]);
    expect((await configsOf(id)).map((row) => [row.type, row.external_id])).toEqual([['Kubernetes::Pod', 'default/lone']]);
    expect(outcomeOf(run).status).toBe('WARNING');
  });
});
