import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { currentContextOnly } from './kubeconfig-text.js';

const TWO_CLUSTERS = `apiVersion: v1
kind: Config
clusters:
- name: prod
  cluster: {server: 'https://prod.example:6443', certificate-authority-data: Q0E=}
- name: staging
  cluster: {server: 'https://staging.example:6443'}
users:
- name: prod-admin
  user:
    exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: aws, args: [eks, get-token]}
- name: staging-admin
  user: {token: staging-secret}
contexts:
- name: staging
  context: {cluster: staging, user: staging-admin}
- name: prod
  context: {cluster: prod, user: prod-admin, namespace: shop}
current-context: prod
`;

describe('currentContextOnly', () => {
  it('keeps the current context, its cluster and its user as written, and nothing of the others', async () => {
    const { kubeconfig, server } = await currentContextOnly(TWO_CLUSTERS);
    expect(server).toBe('https://prod.example:6443');
    expect(kubeconfig).not.toContain('staging');
    expect(parse(kubeconfig)).toEqual({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'prod', cluster: { server: 'https://prod.example:6443', 'certificate-authority-data': 'Q0E=' } }],
      users: [{ name: 'prod-admin', user: { exec: { apiVersion: 'client.authentication.k8s.io/v1beta1', command: 'aws', args: ['eks', 'get-token'] } } }],
      contexts: [{ name: 'prod', context: { cluster: 'prod', user: 'prod-admin', namespace: 'shop' } }],
      'current-context': 'prod',
    });
  });

  it('refuses a kubeconfig whose current context names no cluster of the file', async () => {
    await expect(currentContextOnly(TWO_CLUSTERS.replace('current-context: prod', 'current-context: dev'))).rejects.toThrow(/current context \(dev\) names no cluster/);
  });
});
