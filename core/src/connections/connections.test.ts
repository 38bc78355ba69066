import { describe, expect, it } from 'vitest';
import { CONNECTION_TYPES } from '../constants/settings/connections.js';
import { envVarText, formatEnvVar, parseEnvVar } from './env-var.js';
import { valueFields } from './fields.js';
import { CONNECTION_FORMS, connectionForm } from './forms.js';
import { parseConnectionReference } from './reference.js';
import { connectionInputOf, formValuesOf, missingRequired, secretKeys } from './values.js';

const defaultOf = (type: string, key: string) => valueFields(connectionForm(type)!.fields).find((field) => field.key === key)?.default;

describe('connection forms (spec 3 sections 3, 5 and 9)', () => {
  it('has one form for each of the 42 types, sorted by title', () => {
    expect(CONNECTION_FORMS.map((form) => form.type).sort()).toEqual([...CONNECTION_TYPES].sort());
    const titles = CONNECTION_FORMS.map((form) => form.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('carries the defaults of the spec', () => {
    expect(defaultOf('sftp', 'port')).toBe(22);
    expect(defaultOf('smb', 'port')).toBe(445);
    expect([defaultOf('email', 'port'), defaultOf('email', 'encryptionMethod'), defaultOf('email', 'authMethod')]).toEqual([587, 'Auto', 'Unknown']);
    expect(defaultOf('opsgenie', 'port')).toBe(443);
    expect(defaultOf('git', 'ref')).toBe('main');
    expect(['method', 'contentType', 'messageKey', 'titleKey'].map((key) => defaultOf('generic_webhook', key))).toEqual(['POST', 'application/json', 'message', 'title']);
    expect(defaultOf('ntfy', 'url')).toBe('https://ntfy.sh');
    expect(formValuesOf('http')['namespace']).toBe('default');
  });

  it('marks required fields per type; Prometheus and Redis credentials are optional', () => {
    expect(missingRequired('postgres', { name: 'db' })).toEqual(['URL', 'Username', 'Password']);
    expect(missingRequired('prometheus', { name: 'p', url: 'http://p:9090' })).toEqual([]);
    expect(missingRequired('redis', { name: 'r', url: 'redis://r' })).toEqual([]);
    expect(missingRequired('postgres', { name: 'db', url: 'postgres://x', username: 'u' }, ['password'])).toEqual([]);
    expect(missingRequired('git', { name: 'g', url: 'x', auth: 'ssh' })).toEqual(['Private key']);
    expect(missingRequired('git', { name: 'g', url: 'x', auth: 'basic' })).toEqual([]);
  });
});

describe('form values and saved connections', () => {
  it('puts extra fields into properties and reads them back', () => {
    const values = { ...formValuesOf('sftp'), name: 'files', host: 'sftp.example.com', username: 'ops', password: 'pw' };
    const input = connectionInputOf('sftp', values);
    expect(input).toEqual({ name: 'files', namespace: 'default', type: 'sftp', username: 'ops', password: 'pw', properties: { host: 'sftp.example.com', port: '22' } });
    const back = formValuesOf('sftp', { ...input, password: null, properties: input.properties!, secrets_set: ['password'] });
    expect(back).toMatchObject({ name: 'files', host: 'sftp.example.com', port: '22', username: 'ops', password: '' });
  });

  it('leaves an untouched saved secret out, and sends a removed one as cleared', () => {
    const values = { ...formValuesOf('restic'), name: 'backups', url: 's3:bucket', password: '', secretKey: '' };
    expect(connectionInputOf('restic', values)).not.toHaveProperty('password');
    expect(connectionInputOf('restic', values, { cleared: ['password', 'secretKey'] })).toMatchObject({ password: null, properties: { secretKey: '' } });
    expect(secretKeys('restic')).toEqual(['password', 'certificate', 'accessKey', 'secretKey']);
  });

  it('keeps insecure TLS as a column and other checkboxes as properties', () => {
    expect(connectionInputOf('http', { ...formValuesOf('http'), name: 'h', url: 'https://x', insecure_tls: true }).insecure_tls).toBe(true);
  });
});

describe('secret-or-value fields', () => {
  it('parses an existing value back into its mode and formats each mode', () => {
    expect(parseEnvVar('plain')).toEqual({ mode: 'Static', value: 'plain' });
    expect(parseEnvVar('secret://db/password')).toEqual({ mode: 'Secret', name: 'db', key: 'password' });
    expect(parseEnvVar('configmap://settings/url')).toEqual({ mode: 'ConfigMap', name: 'settings', key: 'url' });
    expect(formatEnvVar({ mode: 'Secret', name: 'db', key: 'password' })).toBe('secret://db/password');
  });

  it('needs both a name and a key for a reference, otherwise the value stays empty', () => {
    expect(formatEnvVar({ mode: 'Secret', name: 'db', key: '' })).toBe('');
    expect(formatEnvVar({ mode: 'ConfigMap', name: '', key: 'url' })).toBe('');
  });

  it('reads the Flanksource object form', () => {
    expect(envVarText({ value: 'x' })).toBe('x');
    expect(envVarText({ valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } })).toBe('secret://db/password');
    expect(envVarText({ valueFrom: { configMapKeyRef: { name: 'cfg', key: 'url' } } })).toBe('configmap://cfg/url');
    expect(envVarText({ valueFrom: { helmRef: {} } })).toBeUndefined();
  });
});

describe('connection references', () => {
  it('reads namespace/name, Type/name and a bare name', () => {
    expect(parseConnectionReference('connection://monitoring/prom')).toEqual({ name: 'prom', namespace: 'monitoring' });
    expect(parseConnectionReference('connection://Slack/alerts')).toEqual({ name: 'alerts', type: 'slack' });
    expect(parseConnectionReference('connection://azure-devops/org')).toEqual({ name: 'org', type: 'azure_devops' });
    expect(parseConnectionReference('prom')).toEqual({ name: 'prom' });
    expect(parseConnectionReference('connection://a/b/c')).toBeUndefined();
  });
});
