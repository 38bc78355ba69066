/** Connection types, per-type fields and defaults (spec 3 §3, §7, §9). */

export const CONNECTION_TYPES = [
  'aws',
  's3',
  'azure',
  'azure_devops',
  'discord',
  'dynatrace',
  'elasticsearch',
  'email',
  'google_cloud',
  'generic_webhook',
  'git',
  'github',
  'google_chat',
  'http',
  'ifttt',
  'jmeter',
  'kubernetes',
  'ldap',
  'matrix',
  'mattermost',
  'mongo',
  'mysql',
  'ntfy',
  'opsgenie',
  'postgres',
  'prometheus',
  'pushbullet',
  'pushover',
  'redis',
  'restic',
  'rocketchat',
  'sftp',
  'slack',
  'slackwebhook',
  'smb',
  'sql_server',
  'teams',
  'telegram',
  'webhook',
  'windows',
  'zulip_chat',
  'folder',
] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** Fields beyond the common ones (url, username, password ...) that a type stores in properties. */
export const CONNECTION_EXTRA_FIELDS: Readonly<Partial<Record<ConnectionType, readonly string[]>>> = {
  redis: ['db'],
  windows: ['domain'],
  google_cloud: ['certificate'],
  sftp: ['host', 'port'],
  smb: ['port'],
  aws: ['region', 'profile', 'bucket'],
  s3: ['region', 'profile', 'bucket'],
  azure: ['tenant'],
  dynatrace: ['scheme'],
  folder: ['path'],
  git: ['ref'],
};

export const CONNECTION_DEFAULTS = {
  namespace: 'default',
  sftpPort: 22,
  smbPort: 445,
  gitRef: 'main',
} as const;

export const GIT_AUTH_METHODS = ['basic', 'ssh'] as const;

/** POST /connection/test/{id} succeeded when the status is 200 and the message is ok. */
export function isConnectionTestSuccess(status: number, message: string | null | undefined): boolean {
  return status === 200 && message === 'ok';
}
