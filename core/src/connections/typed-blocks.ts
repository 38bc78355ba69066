import { CONNECTION_TYPES } from '../constants/settings/connections.js';

/**
 * The typed blocks of a Flanksource Connection (`spec.smtp`, `spec.http`, `spec.postgres` …, as in
 * mission-control's connections CRD) and where each of their fields goes in a Pharos connection row.
 */

/** The shape of a block's field, as the CRD declares it. */
export type BlockFieldKind = 'envVar' | 'string' | 'integer' | 'boolean' | 'strings' | 'map' | 'envVars' | { readonly [field: string]: BlockFieldKind };

/** Columns of a connection row a block field may fill; any other target is a key of its properties. */
export const ROW_COLUMNS = ['url', 'username', 'password', 'certificate', 'insecure_tls'] as const;
export type RowColumn = (typeof ROW_COLUMNS)[number];

export interface ConnectionBlock {
  /** The connection type of the row: one of Pharos's, or one it stores without a client (STORED_ONLY_CONNECTION_TYPES). */
  type: string;
  fields: Readonly<Record<string, BlockFieldKind>>;
  /** Where a field (a dotted path for nested ones: `tls.ca`) goes: a column, else a property of that name. */
  to: Readonly<Record<string, string>>;
  /** Properties set when the block leaves them out, as upstream defaults them. */
  defaults?: Readonly<Record<string, string>>;
  /** Fields besides `fields` are kept in the applied document rather than refused (blocks named after Pharos's own types). */
  open?: boolean;
  /** A url built from the row when the block gives none (mission-control builds one too). */
  url?: (row: { properties: Readonly<Record<string, string>> }) => string | undefined;
}

/** Types mission-control has that Pharos stores and prints back but has no client or tester for. */
export const STORED_ONLY_CONNECTION_TYPES = ['anthropic', 'awskms', 'azure_key_vault', 'facet', 'gcpkms', 'gcs', 'gemini', 'gitlab', 'loki', 'ollama', 'openai', 'opensearch'] as const;

const AWS_FIELDS = {
  url: 'envVar',
  region: 'string',
  profile: 'string',
  insecureTLS: 'boolean',
  accessKey: 'envVar',
  secretKey: 'envVar',
  sessionToken: 'envVar',
  assumeRole: 'string',
} as const;
const AWS_TO = {
  url: 'url',
  accessKey: 'username',
  secretKey: 'password',
  insecureTLS: 'insecure_tls',
  region: 'region',
  profile: 'profile',
  sessionToken: 'sessionToken',
  assumeRole: 'assumeRole',
} as const;

const AZURE_FIELDS = { clientID: 'envVar', clientSecret: 'envVar', tenantID: 'envVar' } as const;
const AZURE_TO = { clientID: 'username', clientSecret: 'password', tenantID: 'tenant' } as const;

const GCP_FIELDS = { endpoint: 'envVar', certificate: 'envVar', project: 'string' } as const;
const GCP_TO = { endpoint: 'url', certificate: 'certificate', project: 'project' } as const;

const OAUTH = { clientID: 'envVar', clientSecret: 'envVar', tokenURL: 'string', scope: 'strings', params: 'map' } as const;
const OAUTH_TO = { 'oauth.clientID': 'clientID', 'oauth.clientSecret': 'clientSecret', 'oauth.tokenURL': 'tokenURL', 'oauth.scope': 'scope', 'oauth.params': 'params' } as const;
const TLS = { ca: 'envVar', cert: 'envVar', key: 'envVar', insecureSkipVerify: 'boolean', handshakeTimeout: 'integer' } as const;
const TLS_TO = { 'tls.ca': 'ca', 'tls.cert': 'cert', 'tls.key': 'key', 'tls.insecureSkipVerify': 'tlsInsecureSkipVerify', 'tls.handshakeTimeout': 'tlsHandshakeTimeout' } as const;

const SQL_FIELDS = { url: 'envVar', host: 'envVar', username: 'envVar', password: 'envVar', database: 'envVar', insecureTLS: 'boolean' } as const;
const SQL_TO = { url: 'url', host: 'host', username: 'username', password: 'password', database: 'database', insecureTLS: 'insecure_tls' } as const;

/** Text written as it is, not a reference (`secret://…`) read when the connection is used. */
const literal = (text: string | undefined): text is string => text !== undefined && text !== '' && !text.includes('://');

/** `scheme://host/database` from a block without a url, when host and database are written as they are. */
const sqlUrl =
  (scheme: string, database: (name: string) => string) =>
  ({ properties }: { properties: Readonly<Record<string, string>> }): string | undefined => {
    const [host, name] = [properties['host'], properties['database']];
    if (!literal(host) || (name !== undefined && !literal(name))) return undefined;
    return `${scheme}://${host}${name ? database(name) : ''}`;
  };

const AI_FIELDS = { model: 'string', url: 'envVar', apiKey: 'envVar' } as const;
const AI_TO = { model: 'model', url: 'url', apiKey: 'password' } as const;

/** Every typed block of mission-control's Connection CRD, by its key in `spec`. */
const UPSTREAM_BLOCKS: Readonly<Record<string, ConnectionBlock>> = {
  aws: { type: 'aws', fields: AWS_FIELDS, to: AWS_TO },
  awskms: { type: 'awskms', fields: { ...AWS_FIELDS, keyID: 'string' }, to: { ...AWS_TO, keyID: 'keyID' } },
  s3: { type: 's3', fields: { ...AWS_FIELDS, bucket: 'string', usePathStyle: 'boolean' }, to: { ...AWS_TO, bucket: 'bucket', usePathStyle: 'usePathStyle' } },
  azure: { type: 'azure', fields: AZURE_FIELDS, to: AZURE_TO },
  azureKeyVault: { type: 'azure_key_vault', fields: { ...AZURE_FIELDS, keyID: 'string' }, to: { ...AZURE_TO, keyID: 'keyID' } },
  azureDevops: {
    type: 'azure_devops',
    fields: { url: 'string', organization: 'string', personalAccessToken: 'envVar' },
    to: { url: 'url', organization: 'username', personalAccessToken: 'password' },
  },
  gcp: { type: 'google_cloud', fields: GCP_FIELDS, to: GCP_TO },
  gcpkms: { type: 'gcpkms', fields: { ...GCP_FIELDS, keyID: 'string' }, to: { ...GCP_TO, keyID: 'keyID' } },
  gcs: { type: 'gcs', fields: { ...GCP_FIELDS, bucket: 'string' }, to: { ...GCP_TO, bucket: 'bucket' } },
  anthropic: { type: 'anthropic', fields: AI_FIELDS, to: AI_TO },
  ollama: { type: 'ollama', fields: AI_FIELDS, to: AI_TO },
  openai: { type: 'openai', fields: AI_FIELDS, to: AI_TO },
  gemini: { type: 'gemini', fields: { model: 'string', apiKey: 'envVar' }, to: { model: 'model', apiKey: 'password' } },
  elasticsearch: {
    type: 'elasticsearch',
    fields: { url: 'string', username: 'envVar', password: 'envVar', insecureTLS: 'boolean' },
    to: { url: 'url', username: 'username', password: 'password', insecureTLS: 'insecure_tls' },
  },
  facet: { type: 'facet', fields: { url: 'string', token: 'envVar', timestampUrl: 'string' }, to: { url: 'url', token: 'password', timestampUrl: 'timestampUrl' } },
  folder: { type: 'folder', fields: { path: 'string' }, to: { path: 'path' } },
  git: {
    type: 'git',
    fields: { url: 'string', ref: 'string', certificate: 'envVar', username: 'envVar', password: 'envVar' },
    to: { url: 'url', ref: 'ref', certificate: 'certificate', username: 'username', password: 'password' },
  },
  github: { type: 'github', fields: { url: 'string', personalAccessToken: 'envVar' }, to: { url: 'url', personalAccessToken: 'password' } },
  gitlab: { type: 'gitlab', fields: { url: 'string', personalAccessToken: 'envVar' }, to: { url: 'url', personalAccessToken: 'password' } },
  http: {
    type: 'http',
    fields: {
      url: 'string',
      insecureTLS: 'boolean',
      username: 'envVar',
      password: 'envVar',
      bearer: 'envVar',
      oauth: OAUTH,
      tls: TLS,
      headers: 'envVars',
      awsSigV4: { ...AWS_FIELDS, service: 'string' },
    },
    to: { url: 'url', insecureTLS: 'insecure_tls', username: 'username', password: 'password', bearer: 'bearer', ...OAUTH_TO, ...TLS_TO, headers: 'headers', awsSigV4: 'awsSigV4' },
  },
  kubernetes: { type: 'kubernetes', fields: { certificate: 'envVar' }, to: { certificate: 'certificate' } },
  loki: { type: 'loki', fields: { url: 'string', username: 'envVar', password: 'envVar' }, to: { url: 'url', username: 'username', password: 'password' } },
  mongo: {
    type: 'mongo',
    fields: { ...SQL_FIELDS, replicaSet: 'string' },
    to: { ...SQL_TO, replicaSet: 'replica_set' },
    url: sqlUrl('mongodb', (name) => `/${name}`),
  },
  mssql: {
    type: 'sql_server',
    fields: { url: 'envVar', host: 'envVar', username: 'envVar', password: 'envVar', database: 'envVar', trustServerCertificate: 'boolean' },
    to: { url: 'url', host: 'host', username: 'username', password: 'password', database: 'database', trustServerCertificate: 'insecure_tls' },
    url: sqlUrl('sqlserver', (name) => `?database=${encodeURIComponent(name)}`),
  },
  mysql: { type: 'mysql', fields: SQL_FIELDS, to: SQL_TO, url: sqlUrl('mysql', (name) => `/${name}`) },
  postgres: { type: 'postgres', fields: SQL_FIELDS, to: SQL_TO, url: sqlUrl('postgres', (name) => `/${name}`) },
  opensearch: {
    type: 'opensearch',
    fields: { urls: 'strings', index: 'string', username: 'envVar', password: 'envVar', insecureSkipVerify: 'boolean', digest: 'boolean', ntlm: 'boolean', ntlmv2: 'boolean' },
    to: { urls: 'urls', index: 'index', username: 'username', password: 'password', insecureSkipVerify: 'insecure_tls', digest: 'digest', ntlm: 'ntlm', ntlmv2: 'ntlmv2' },
    url: ({ properties }) => properties['urls']?.split(',')[0],
  },
  prometheus: {
    type: 'prometheus',
    fields: { url: 'envVar', username: 'envVar', password: 'envVar', bearer: 'envVar', oauth: OAUTH, tls: TLS },
    to: { url: 'url', username: 'username', password: 'password', bearer: 'bearer', ...OAUTH_TO, ...TLS_TO },
  },
  redis: { type: 'redis', fields: { url: 'string', username: 'envVar', password: 'envVar' }, to: { url: 'url', username: 'username', password: 'password' }, defaults: { db: '0' } },
  sftp: {
    type: 'sftp',
    fields: { host: 'envVar', port: 'integer', username: 'envVar', password: 'envVar', path: 'string' },
    to: { host: 'host', port: 'port', username: 'username', password: 'password', path: 'path' },
    defaults: { port: '22' },
  },
  smb: {
    type: 'smb',
    fields: { server: 'envVar', port: 'envVar', username: 'envVar', password: 'envVar', share: 'string' },
    to: { server: 'host', port: 'port', username: 'username', password: 'password', share: 'share' },
    defaults: { port: '445' },
    url: ({ properties }) => (literal(properties['host']) ? `smb://${properties['host']}/${properties['share'] ?? ''}` : undefined),
  },
  discord: { type: 'discord', fields: { token: 'string', webhookID: 'string' }, to: { token: 'password', webhookID: 'username' } },
  ntfy: {
    type: 'ntfy',
    fields: { host: 'string', topic: 'string', username: 'envVar', password: 'envVar' },
    to: { host: 'host', topic: 'topic', username: 'username', password: 'password' },
    url: ({ properties }) => (properties['host'] ? (properties['host'].includes('://') ? properties['host'] : `https://${properties['host']}`) : undefined),
  },
  pushbullet: { type: 'pushbullet', fields: { token: 'envVar', targets: 'strings' }, to: { token: 'password', targets: 'targets' } },
  pushover: { type: 'pushover', fields: { token: 'envVar', user: 'string' }, to: { token: 'password', user: 'username' } },
  smtp: {
    type: 'email',
    fields: {
      host: 'string',
      port: 'integer',
      username: 'envVar',
      password: 'envVar',
      insecureTLS: 'boolean',
      encryption: 'string',
      auth: 'string',
      fromAddress: 'string',
      fromName: 'string',
      toAddresses: 'strings',
      subject: 'string',
      headers: 'map',
    },
    to: {
      host: 'host',
      port: 'port',
      username: 'username',
      password: 'password',
      insecureTLS: 'insecure_tls',
      encryption: 'encryptionMethod',
      auth: 'authMethod',
      fromAddress: 'from',
      fromName: 'fromName',
      toAddresses: 'to',
      subject: 'subject',
      headers: 'headers',
    },
    // mission-control's defaults for a Connection's smtp block.
    defaults: { port: '25', encryptionMethod: 'Auto', authMethod: 'Plain' },
  },
  slack: {
    type: 'slack',
    fields: { token: 'envVar', channel: 'string', botName: 'string', color: 'string', icon: 'string', thread_ts: 'string', title: 'string' },
    to: { token: 'password', channel: 'username', botName: 'BotName', color: 'Color', icon: 'Icon', thread_ts: 'ThreadTS', title: 'Title' },
  },
  telegram: { type: 'telegram', fields: { token: 'envVar', chats: 'envVar' }, to: { token: 'password', chats: 'username' } },
};

/**
 * Blocks named after a Pharos type mission-control has no block for (`sql_server:`, `email:` …), as
 * Pharos has always read them: the common fields, anything else kept in the applied document.
 */
const PHAROS_TYPE_BLOCKS: Readonly<Record<string, ConnectionBlock>> = Object.fromEntries(
  CONNECTION_TYPES.filter((type) => !(type in UPSTREAM_BLOCKS)).map((type) => [
    type,
    {
      type,
      open: true,
      fields: { url: 'envVar', username: 'envVar', password: 'envVar', certificate: 'envVar', insecureTLS: 'boolean', insecure_tls: 'boolean' },
      to: { url: 'url', username: 'username', password: 'password', certificate: 'certificate', insecureTLS: 'insecure_tls', insecure_tls: 'insecure_tls' },
    },
  ]),
);

/** The typed blocks a Connection may hold, by their key in `spec`: mission-control's, then Pharos's own type names. */
export const CONNECTION_BLOCKS: Readonly<Record<string, ConnectionBlock>> = { ...UPSTREAM_BLOCKS, ...PHAROS_TYPE_BLOCKS };

export const CONNECTION_BLOCK_NAMES: readonly string[] = Object.keys(CONNECTION_BLOCKS);

/** The typed blocks a Connection spec holds, by name. */
export function typedBlocksIn(spec: Readonly<Record<string, unknown>>): string[] {
  return CONNECTION_BLOCK_NAMES.filter((name) => spec[name] !== undefined && spec[name] !== null);
}

export function isRowColumn(target: string): target is RowColumn {
  return (ROW_COLUMNS as readonly string[]).includes(target);
}
