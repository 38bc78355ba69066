import { describe, expect, it } from 'vitest';
import { carriesCredentials, credentialsIn, isLiteralCredential, urlCarriesCredentials, withoutCredentials } from './credential-text.js';
import { SPEC_SECRET_RULES } from './fields.js';
import { redactSealed, redactSealedText, SEALED_PLACEHOLDER } from './sealed-text.js';
import { mapSpecSecrets, savedCounterpart, type SecretLeaf } from './walk.js';

const found = (spec: unknown, rules = SPEC_SECRET_RULES.Canary): SecretLeaf[] => {
  const leaves: SecretLeaf[] = [];
  mapSpecSecrets(spec, rules, (leaf) => {
    leaves.push(leaf);
    return leaf.value;
  });
  return leaves;
};

describe('credentials of specs', () => {
  it('are the credential fields, as text or {value} without valueFrom, anywhere in a spec', () => {
    const spec = {
      http: [{ name: 'a', url: 'https://x', username: { value: 'u' }, password: { value: 'p' }, tlsConfig: { key: 'k', cert: 'c' } }],
      webhook: { name: 'w', token: { valueFrom: { secretKeyRef: { name: 's', key: 't' } } } },
      redis: [{ name: 'r', password: 'plain' }],
    };
    expect(found(spec).filter((leaf) => leaf.kind === 'credential').map((leaf) => [leaf.path.join('.'), leaf.value])).toEqual([
      ['http.0.password.value', 'p'],
      ['http.0.tlsConfig.key', 'k'],
      ['redis.0.password', 'plain'],
    ]);
  });

  it('are the headers and env entries named like a credential, in lists and maps', () => {
    const spec = {
      http: [{ name: 'a', headers: [{ name: 'Authorization', value: 'Bearer t' }, { name: 'Accept', value: 'json' }] }],
      exec: [{ name: 'e', env: [{ name: 'DB_PASSWORD', value: 'pw' }, { name: 'REGION', value: 'eu' }], headers: { 'X-Api-Key': 'k', Accept: 'json' } }],
    };
    expect(found(spec).map((leaf) => leaf.value)).toEqual(['Bearer t', 'pw', 'k']);
  });

  it('are the service URLs of notifications, teams and notification actions, at their paths only', () => {
    expect(found({ to: { url: 'slack://t@c' }, url: 'https://x' }, SPEC_SECRET_RULES.Notification)).toMatchObject([{ path: ['to', 'url'], kind: 'url' }]);
    expect(found({ notifications: [{ url: 'slack://t@c' }] }, SPEC_SECRET_RULES.Team)).toMatchObject([{ path: ['notifications', 0, 'url'], kind: 'url' }]);
    expect(found({ actions: [{ name: 'n', notification: { url: 'generic+https://h/p?token=t' } }] }, SPEC_SECRET_RULES.Playbook)).toHaveLength(1);
  });

  it("are the service URL fields of a playbook's actions only, never a path, a script or a trigger", () => {
    const playbook = {
      on: { webhook: { path: 'https://u:pw@h/hook' } },
      configs: [{ url: 'https://u:pw@h' }],
      actions: [
        { name: 'h', http: { url: 'https://u:pw@api/x?token=t', method: 'POST' } },
        { name: 's', sql: { connection: 'postgres://u:pw@db/app', url: { value: 'mysql://u:pw@db/app' }, query: 'select 1' } },
        { name: 'g', gitops: { repo: { url: 'https://git:tok@git.example/r.git' }, files: [{ path: 'https://u:pw@x', content: 'c' }] } },
        { name: 'e', exec: { script: 'curl https://u:pw@h', artifacts: [{ path: 'out/*' }], checkout: { url: 'https://u:pw@git/r' } } },
      ],
    };
    expect(found(playbook, SPEC_SECRET_RULES.Playbook).map((leaf) => `${leaf.kind} ${leaf.path.join('.')}`)).toEqual([
      'url actions.0.http.url',
      'url actions.1.sql.connection',
      'url actions.1.sql.url.value',
      'url actions.2.gitops.repo.url',
      'url actions.3.exec.checkout.url',
    ]);
  });

  it('carry a credential in a URL only with a user, a password or a token parameter', () => {
    expect(urlCarriesCredentials('slack://xoxb-1@alerts')).toBe(true);
    expect(urlCarriesCredentials('generic+https://hooks.example.com/x?token=abc')).toBe(true);
    expect(urlCarriesCredentials('generic+https://hooks.example.com/x?template=json')).toBe(false);
    expect(urlCarriesCredentials('mailto:ops@example.com')).toBe(false);
  });

  it('are the service URL fields of checks, lookups, scrapers and log backends, wherever they appear', () => {
    const spec = {
      postgres: [{ name: 'db', url: 'postgres://u:p@db/app', query: 'SELECT 1' }],
      mongodb: [{ name: 'm', connection: { value: 'mongodb://u:p@m' } }],
      http: [{ name: 'h', endpoint: 'https://h', headers: { Accept: 'json' }, sftpConnection: { host: 'sftp://u:p@h' } }],
      redis: [{ name: 'r', addr: { valueFrom: { secretKeyRef: { name: 's', key: 'k' } } } }],
      folder: [{ name: 'f', path: 'sftp://u:p@h/dir' }],
    };
    expect(found(spec).map((leaf) => [leaf.path.join('.'), leaf.kind])).toEqual([
      ['postgres.0.url', 'url'],
      ['mongodb.0.connection.value', 'url'],
      ['http.0.endpoint', 'url'],
      ['http.0.sftpConnection.host', 'url'],
      ['folder.0.path', 'url'],
    ]);
    expect(found({ sql: [{ connection: 'postgres://u:p@db' }] }, SPEC_SECRET_RULES.ScrapeConfig)).toHaveLength(1);
    expect(found({ loki: { url: 'https://u:p@loki' } }, SPEC_SECRET_RULES.LoggingBackend)).toHaveLength(1);
    expect(found({ components: [{ lookup: { postgres: [{ url: 'postgres://u:p@db' }] } }] }, SPEC_SECRET_RULES.Topology)).toHaveLength(1);
    expect(found({ to: { url: 'x' }, spec: { url: 'https://u:p@h' } }, SPEC_SECRET_RULES.Notification)).toEqual([expect.objectContaining({ path: ['to', 'url'] })]);
  });

  it('carry a credential in a connection string with a password, not in a reference to a saved connection', () => {
    expect(carriesCredentials('postgres://app:pw@db:5432/app')).toBe(true);
    expect(carriesCredentials('redis://:pw@cache:6379')).toBe(true);
    expect(carriesCredentials('Server=db;User Id=sa;Password=pw;')).toBe(true);
    expect(carriesCredentials('host=db user=app password=pw dbname=app')).toBe(true);
    expect(carriesCredentials('connection://default/db')).toBe(false);
    expect(carriesCredentials('db')).toBe(false);
    expect(carriesCredentials('postgres://db:5432/app?sslmode=disable')).toBe(false);
    expect(carriesCredentials('Server=db;Database=app;Integrated Security=true')).toBe(false);
  });

  it('are shown without the password, the token parameters or password=', () => {
    expect(withoutCredentials('postgres://app:pw@db:5432/app?sslmode=disable')).toBe('postgres://app@db:5432/app?sslmode=disable');
    expect(withoutCredentials('redis://:pw@cache:6379')).toBe('redis://cache:6379');
    expect(withoutCredentials('https://h/api?token=t&page=2#top')).toBe('https://h/api?page=2#top');
    expect(withoutCredentials('Server=db;User Id=sa;Password=pw;Database=app')).toBe('Server=db;User Id=sa;Database=app');
    expect(withoutCredentials("host=db password='p w' dbname=app")).toBe('host=db dbname=app');
  });

  it('name the credentials they carry, as written and decoded, for messages to be cleaned of them', () => {
    expect(credentialsIn('postgres://app:p%40ss@db/app')).toEqual(['p%40ss', 'p@ss']);
    expect(credentialsIn('https://h/api?token=t1&page=2&api_key=k2')).toEqual(['t1', 'k2']);
    expect(credentialsIn("Server=db;Password='p w';")).toEqual(['p w']);
    expect(credentialsIn('https://user@h/api')).toEqual([]);
    expect(credentialsIn('https://h/api')).toEqual([]);
  });

  it('leave references, templates and empty values as they are', () => {
    expect(isLiteralCredential('secret://db/password')).toBe(false);
    expect(isLiteralCredential('{{ .params.token }}')).toBe(false);
    expect(isLiteralCredential('$(password)')).toBe(false);
    expect(isLiteralCredential('')).toBe(false);
    expect(isLiteralCredential('hunter2')).toBe(true);
  });

  it('are answered as the placeholder wherever a sealed text is', () => {
    const sealed = `v1:${'A'.repeat(40)}`;
    expect(redactSealed({ a: [sealed, 'v1:short'], b: { c: sealed } })).toEqual({ a: [SEALED_PLACEHOLDER, 'v1:short'], b: { c: SEALED_PLACEHOLDER } });
  });

  it('are answered as the placeholder inside JSON text, also within an embedded string, but not inside a longer word', () => {
    const sealed = `v1:${'A'.repeat(40)}`;
    const text = JSON.stringify({ a: sealed, b: JSON.stringify({ c: sealed }), d: 'v1:short', e: `xv1:${'A'.repeat(40)}` });
    expect(JSON.parse(redactSealedText(text))).toEqual({ a: SEALED_PLACEHOLDER, b: JSON.stringify({ c: SEALED_PLACEHOLDER }), d: 'v1:short', e: `xv1:${'A'.repeat(40)}` });
  });

  it('find their saved counterpart by the name of list entries, else by position', () => {
    const saved = { http: [{ name: 'a', password: 'pa' }, { name: 'b', password: 'pb' }], list: [{ password: 'p0' }] };
    const current = { http: [{ name: 'b', password: SEALED_PLACEHOLDER }], list: [{ password: SEALED_PLACEHOLDER }] };
    expect(savedCounterpart(saved, current, ['http', 0, 'password'])).toBe('pb');
    expect(savedCounterpart(saved, current, ['list', 0, 'password'])).toBe('p0');
    expect(savedCounterpart(saved, { http: [{ name: 'c', password: SEALED_PLACEHOLDER }] }, ['http', 0, 'password'])).toBeUndefined();
  });
});
