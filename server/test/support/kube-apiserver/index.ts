import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { servingCertificate } from './certificate.js';
import { fixtureLogFiles, fixtureLogLines } from './pod-logs.js';
import { KubeApiServer, type KubeApiServerOptions } from './server.js';
import type { KubeObject } from './store.js';

export { KubeApiServer, type ForbiddenRule, type RecordedRequest } from './server.js';
export type { PodLogLine } from './pod-logs.js';
export type { KubeObject } from './store.js';

const RECORDED = join(import.meta.dirname, 'recorded');

/** The recorded objects of `recorded/` (see README.md there), by file name without extension. */
export function recordedObjects(): Record<string, KubeObject> {
  const objects: Record<string, KubeObject> = {};
  for (const file of readdirSync(RECORDED).filter((name) => name.endsWith('.yaml'))) {
    const [document] = parseAllDocuments(readFileSync(join(RECORDED, file), 'utf8')).map((parsed) => parsed.toJS() as KubeObject);
    objects[file.replace(/\.yaml$/, '')] = document!;
  }
  return objects;
}

/** A stand-in API server on a loopback port, holding `objects` (a pod of logs/ has that file's lines). */
export async function startKubeApiServer(options: Partial<KubeApiServerOptions> & { objects?: KubeObject[] } = {}): Promise<KubeApiServer> {
  const server = new KubeApiServer({ token: options.token ?? 'stand-in-token', ...options });
  for (const object of options.objects ?? []) server.store.put(object);
  for (const { pod, container } of fixtureLogFiles()) {
    const object = (options.objects ?? []).find((candidate) => candidate.kind === 'Pod' && candidate.metadata.name === pod);
    if (object) server.logs.set(object.metadata.namespace ?? 'default', pod, container, fixtureLogLines(pod, container));
  }
  await server.listen();
  return server;
}

/** A kubeconfig (YAML) reaching the stand-in with its bearer token. */
export function kubeconfigFor(server: KubeApiServer, token = 'stand-in-token', namespace = 'default'): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: stand-in',
    '  cluster:',
    `    server: ${server.url}`,
    `    certificate-authority-data: ${Buffer.from(servingCertificate().cert).toString('base64')}`,
    'users:',
    '- name: tester',
    '  user:',
    `    token: ${token}`,
    'contexts:',
    '- name: stand-in',
    '  context:',
    '    cluster: stand-in',
    '    user: tester',
    `    namespace: ${namespace}`,
    'current-context: stand-in',
    '',
  ].join('\n');
}
