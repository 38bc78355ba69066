import { describe, expect, it } from 'vitest';
import { endpointWithin, ForeignOrigin, mergeConnection, originOf, targetWithin } from './origin.js';

const connection = (fields: { type?: string; url?: string | null; username?: string | null; password?: string | null; properties?: Record<string, string> }) => ({
  name: 'prod',
  namespace: 'ops',
  type: fields.type ?? 'http',
  url: fields.url ?? null,
  username: fields.username ?? null,
  password: fields.password ?? null,
  certificate: null,
  properties: fields.properties ?? {},
});

describe('originOf', () => {
  it('spells out default ports and names one protocol by one scheme', () => {
    expect(originOf('https://Example.com/a')).toBe('https://example.com:443');
    expect(originOf('postgres://db/x')).toBe(originOf('postgresql://db:5432/y'));
    expect(originOf('mariadb://db/x')).toBe(originOf('mysql://db:3306/x'));
    expect(originOf('not a url')).toBeUndefined();
  });
});

describe('targetWithin', () => {
  const prod = connection({ url: 'http://prod:8080/api', username: 'svc', password: 'secret' });

  it("keeps a URL of the connection's origin, resolves a path against it, and answers the connection's URL without one", () => {
    expect(targetWithin(prod, 'http://prod:8080/health')).toBe('http://prod:8080/health');
    expect(targetWithin(prod, 'http://user@PROD:8080/x')).toBe('http://user@PROD:8080/x');
    expect(targetWithin(prod, '/metrics')).toBe('http://prod:8080/metrics');
    expect(targetWithin(prod, undefined)).toBe('http://prod:8080/api');
  });

  it('refuses another scheme, host or port, and a scheme-relative URL, without showing credentials', () => {
    for (const target of ['https://prod:8080/x', 'http://attacker:8080/x', 'http://prod:9090/x', '//attacker/x']) {
      expect(() => targetWithin(prod, target), target).toThrow(ForeignOrigin);
    }
    expect(() => targetWithin(prod, 'http://user:pw@attacker/')).toThrow(/url http:\/\/attacker\/ has another scheme, host or port/);
  });

  it('sends the credentials of a connection without a URL nowhere; one without credentials may take any', () => {
    expect(() => targetWithin(connection({ password: 'secret' }), 'http://anywhere/')).toThrow(/has no url, so its credentials are sent nowhere/);
    expect(targetWithin(connection({}), 'http://anywhere/')).toBe('http://anywhere/');
  });
});

describe('mergeConnection', () => {
  const prod = connection({ url: 'http://prod:8080', username: 'svc', password: 'secret', properties: { region: 'eu' } });

  it("puts the connection's fields under the spec's, checking the spec's address", () => {
    expect(mergeConnection(prod, { connection: 'prod', url: '/health', username: 'other' })).toEqual({
      region: 'eu',
      url: 'http://prod:8080/health',
      username: 'other',
      password: 'secret',
      connection: 'prod',
    });
    expect(() => mergeConnection(prod, { endpoint: 'http://attacker/' })).toThrow(/endpoint http:\/\/attacker\//);
    expect(() => mergeConnection(prod, { host: 'attacker' })).toThrow(/host attacker is another host/);
    expect(mergeConnection(prod, { host: 'prod' })['host']).toBe('prod');
    expect(() => mergeConnection(prod, { url: { value: 'http://attacker/' } })).toThrow(/url must be text/);
    const cache = connection({ type: 'redis', url: 'redis://cache:6379', password: 'secret' });
    expect(mergeConnection(cache, { addr: 'cache:6379' })['addr']).toBe('cache:6379');
    expect(() => mergeConnection(cache, { addr: 'attacker:6379' })).toThrow(/addr redis:\/\/attacker:6379/);
  });
});

describe('endpointWithin', () => {
  it("accepts the connection's host and port, from its URL, a \\\\server share or its properties", () => {
    expect(() => endpointWithin(connection({ type: 'sftp', password: 'p', properties: { host: 'files', port: '2222' } }), 'files', 2222, 22)).not.toThrow();
    expect(() => endpointWithin(connection({ type: 'smb', url: '\\\\files\\share', password: 'p' }), 'files', 445, 445)).not.toThrow();
    expect(() => endpointWithin(connection({ type: 'smb', url: 'smb://files:1445/share', password: 'p' }), 'files', 1445, 445)).not.toThrow();
    expect(() => endpointWithin(connection({ type: 'sftp', password: 'p', properties: { host: 'files' } }), 'attacker', 22, 22)).toThrow(ForeignOrigin);
    expect(() => endpointWithin(connection({ type: 'sftp', password: 'p', properties: { host: 'files' } }), 'files', 2200, 22)).toThrow(ForeignOrigin);
  });
});
