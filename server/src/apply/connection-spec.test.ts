import { describe, expect, it } from 'vitest';
import { connectionRow, connectionSpecProblems } from './connection-spec.js';

describe('the row of a Connection in mission-control shape', () => {
  it('fills columns and properties from its typed block, with upstream defaults and spellings', () => {
    expect(connectionRow({ smtp: { host: 'mail.example.com', auth: 'oauth2', toAddresses: ['a@example.com', 'b@example.com'] } }, 'mail', 'ops')).toEqual({
      name: 'mail',
      namespace: 'ops',
      type: 'email',
      properties: { host: 'mail.example.com', authMethod: 'OAuth2', to: 'a@example.com,b@example.com', port: '25', encryptionMethod: 'Auto' },
    });
  });

  it('builds a database url from host and database written as they are, never from references', () => {
    expect(connectionRow({ postgres: { host: { value: 'db:5432' }, database: { value: 'app' } } }, 'pg', 'default')['url']).toBe('postgres://db:5432/app');
    expect(connectionRow({ postgres: { host: { valueFrom: { secretKeyRef: { name: 'db', key: 'host' } } }, database: { value: 'app' } } }, 'pg', 'default')['url']).toBeUndefined();
  });

  it('keeps values from Helm and service accounts as text that says where they come from', () => {
    const row = connectionRow({ kubernetes: { certificate: { valueFrom: { serviceAccount: 'reader' } } }, properties: { extra: 'kept' } }, 'k8s', 'default');
    expect(row).toMatchObject({ type: 'kubernetes', certificate: 'serviceaccount://reader', properties: { extra: 'kept' } });
    expect(connectionRow({ http: { url: 'https://x', password: { valueFrom: { helmRef: { name: 'app', key: '.password' } } } } }, 'h', 'default')['password']).toBe('helm://app/.password');
  });

  it('reads a block named after a Pharos type that mission-control has no block for, as before', () => {
    expect(connectionRow({ sql_server: { url: { value: 'sqlserver://db:1433' }, username: { value: 'pharos' }, note: 'kept in the document' } }, 'ms', 'default')).toEqual({
      name: 'ms',
      namespace: 'default',
      type: 'sql_server',
      url: 'sqlserver://db:1433',
      username: 'pharos',
    });
  });

  it('keeps the flat shape as before', () => {
    expect(connectionRow({ type: 'http', url: { value: 'https://x' }, insecure_tls: true, allowedNamespaces: ['*'] }, 'h', 'default')).toEqual({
      name: 'h',
      namespace: 'default',
      type: 'http',
      url: 'https://x',
      insecure_tls: true,
      allowed_namespaces: ['*'],
    });
    expect(connectionSpecProblems({ type: 'http' })).toEqual([]);
  });
});
