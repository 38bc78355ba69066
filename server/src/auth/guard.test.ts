import { describe, expect, it } from 'vitest';
import { isAgentRoute, isPublic } from './guard.js';

describe('isPublic', () => {
  it.each([
    ['GET', '/api/health'],
    ['HEAD', '/api/health'],
    ['GET', '/api/about?x=1'],
    ['POST', '/api/.ory/self-service/login?flow=1'],
    ['GET', '/api/.ory'],
    ['GET', '/'],
    ['GET', '/incidents/123'],
    ['GET', '/apis'],
    ['GET', '/%61pi/health'],
    ['GET', '/assets/../index.html'],
    ['GET', '/%E0%A4%A'],
    ['POST', '/api/playbook/webhook/deploy'],
    ['GET', '/api/playbook/webhook/deploy?name=world'],
    ['GET', '/api/auth/oidc/callback?code=x&state=y'],
  ])('%s %s is open', (method, url) => {
    expect(isPublic(method, url)).toBe(true);
  });

  it.each([
    ['POST', '/api/health'],
    ['GET', '/api/health/x'],
    ['GET', '/api'],
    ['GET', '/api?x'],
    ['GET', '/api/db/people'],
    ['GET', '/api/.oryx'],
    ['DELETE', '/api/about'],
    ['GET', '/%61pi/schemas/canary.schema.json'],
    ['GET', '/%61%70%69/db/people'],
    ['GET', '/api%2Fdb/people'],
    ['GET', '//api/db/people'],
    ['GET', '/x/../api/db/people'],
    ['GET', '/api/.ory/../db/people'],
    ['GET', '/api/.ory/%2E%2E/db/people'],
    ['GET', '/api/health/../db/people'],
    ['GET', '/api/db/x%2F..%2F..%2Fhealth'],
    ['GET', '/%ZZ/../api/db/people'],
    ['DELETE', '/api/playbook/webhook/deploy'],
    ['GET', '/api/playbook/webhook/deploy/../../db/people'],
    ['POST', '/api/auth/oidc/callback'],
    ['GET', '/api/auth/oidc/callback/../../auth/whoami'],
  ])('%s %s needs a caller', (method, url) => {
    expect(isPublic(method, url)).toBe(false);
  });
});

describe('isAgentRoute', () => {
  it.each([
    '/api/agent/push',
    '/api/agent/push/checks?x=1',
    '/api/agent/pull',
    '/api/agent/pull/eu-cluster',
    '/api/agent/playbook/action?wait=5',
    '/api/agent/playbook/action/0b1e3f5e-8f47-4e55-9a55-3f2b8c1d2e4f/status',
  ])('lets an agent call %s', (url) => {
    expect(isAgentRoute(url)).toBe(true);
  });

  it.each([
    '/api/agent/generate',
    '/api/agent/pushy',
    '/api/agent/push/../../db/agents',
    '/api/agent/push/%2E%2E/%2E%2E/db/agents',
    '/api/agent/pull/..%2F..%2Fauth/whoami',
    '/api/db/agents',
    '/api/auth/whoami',
    '/api/agent',
    '/api/agent/playbook/actions',
    '/api/agent/playbook/action/x/status/../../../../db/agents',
    '/api/agent/playbook/action/%2E%2E/status',
    '/api/agent/playbook/action/a/b/status',
  ])('keeps an agent from %s', (url) => {
    expect(isAgentRoute(url)).toBe(false);
  });
});
