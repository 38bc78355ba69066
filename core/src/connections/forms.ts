import type { ConnectionType } from '../constants/settings/connections.js';
import { CONNECTION_DEFAULTS } from '../constants/settings/connections.js';
import { EMAIL_AUTH_OPTIONS, EMAIL_DEFAULTS, EMAIL_ENCRYPTION_OPTIONS, GENERIC_WEBHOOK_DEFAULTS, NTFY_DEFAULT_HOST, OPSGENIE_DEFAULTS } from '../constants/settings/notifications.js';
import { authentication, checkbox, envVar, input, numberInput, select, type ConnectionField } from './fields.js';

export interface ConnectionForm {
  type: ConnectionType;
  title: string;
  /** A key of the web app's icon set. */
  icon: string;
  fields: readonly ConnectionField[];
}

const url = (label = 'URL', more = {}) => input('url', label, { required: true, ...more });
const insecureTls = checkbox('insecure_tls', 'Insecure TLS', { hint: 'Accept a certificate that does not verify' });
const database = (type: ConnectionType, title: string, icon: string, hint: string): ConnectionForm => ({
  type,
  title,
  icon,
  fields: [url('URL', { hint }), authentication({ required: true })],
});
const withUrlAndAuth = (type: ConnectionType, title: string, icon: string, hint: string, required = false): ConnectionForm => ({
  type,
  title,
  icon,
  fields: [url('URL', { hint }), authentication({ required }), insecureTls],
});

/** Each connection type's form, in the order of the type chooser (spec 3, sections 3, 5 and 9). */
export const CONNECTION_FORMS: readonly ConnectionForm[] = [
  {
    type: 'aws',
    title: 'AWS',
    icon: 'aws',
    fields: [
      input('region', 'Region', { hint: 'us-east-1' }),
      input('profile', 'Profile'),
      envVar('username', 'Access Key'),
      envVar('password', 'Secret Key'),
      input('url', 'Endpoint', { hint: 'Leave empty for the public AWS endpoints' }),
      insecureTls,
    ],
  },
  {
    type: 's3',
    title: 'S3',
    icon: 's3',
    fields: [
      input('bucket', 'Bucket', { required: true }),
      input('region', 'Region'),
      input('profile', 'Profile'),
      envVar('username', 'Access Key'),
      envVar('password', 'Secret Key'),
      input('url', 'Endpoint', { hint: 'An S3-compatible endpoint such as MinIO; empty for AWS' }),
      insecureTls,
    ],
  },
  {
    type: 'azure',
    title: 'Azure',
    icon: 'azure',
    fields: [input('username', 'Client ID', { required: true }), envVar('password', 'Client Secret', { required: true }), input('tenant', 'Tenant ID', { required: true })],
  },
  {
    type: 'azure_devops',
    title: 'Azure DevOps',
    icon: 'azure_devops',
    fields: [input('username', 'Organization', { required: true }), envVar('password', 'Personal Access Token', { required: true }), input('url', 'URL', { default: 'https://dev.azure.com' })],
  },
  { type: 'discord', title: 'Discord', icon: 'discord', fields: [input('username', 'Webhook ID', { required: true }), envVar('password', 'Token', { required: true })] },
  {
    type: 'dynatrace',
    title: 'Dynatrace',
    icon: 'dynatrace',
    fields: [input('url', 'Host', { required: true }), envVar('password', 'API Key', { required: true }), select('scheme', 'Scheme', ['https', 'http'], { default: 'https', required: true })],
  },
  withUrlAndAuth('elasticsearch', 'Elasticsearch', 'elasticsearch', 'https://elastic.example.com:9200', true),
  {
    type: 'email',
    title: 'Email',
    icon: 'email',
    fields: [
      input('host', 'Host', { required: true, hint: 'SMTP server host name' }),
      numberInput('port', 'Port', { required: true, default: EMAIL_DEFAULTS.port }),
      input('username', 'Username'),
      envVar('password', 'Password', { hint: 'SMTP server password or hash (for OAuth2)' }),
      { kind: 'GroupField', label: 'Sender', fields: [input('from', 'From Address', { required: true }), input('fromName', 'From Name')] },
      select('encryptionMethod', 'Encryption method', EMAIL_ENCRYPTION_OPTIONS, { default: EMAIL_DEFAULTS.encryptionMethod, required: true }),
      select('authMethod', 'SMTP authentication method', EMAIL_AUTH_OPTIONS, { default: EMAIL_DEFAULTS.authMethod, required: true }),
      insecureTls,
    ],
  },
  {
    type: 'google_cloud',
    title: 'Google Cloud',
    icon: 'google_cloud',
    fields: [input('url', 'Endpoint'), envVar('certificate', 'Credentials', { required: true, multiline: true, hint: 'The JSON key of a service account' })],
  },
  {
    type: 'generic_webhook',
    title: 'Generic Webhook',
    icon: 'webhook',
    fields: [
      url('URL'),
      select('method', 'Request Method', ['POST', 'PUT', 'GET'], { default: GENERIC_WEBHOOK_DEFAULTS.method, required: true }),
      input('contentType', 'Content Type', { default: GENERIC_WEBHOOK_DEFAULTS.contentType }),
      input('messageKey', 'Message Key', { default: GENERIC_WEBHOOK_DEFAULTS.messageKey, required: true }),
      input('titleKey', 'Title Key', { default: GENERIC_WEBHOOK_DEFAULTS.titleKey, required: true }),
      authentication(),
      insecureTls,
    ],
  },
  {
    type: 'git',
    title: 'Git',
    icon: 'git',
    fields: [
      url('URL', { hint: 'https://github.com/org/repo.git, git@host:org/repo.git or a path on disk' }),
      input('ref', 'Ref', { default: CONNECTION_DEFAULTS.gitRef, hint: 'Branch, tag or commit' }),
      {
        kind: 'SwitchField',
        key: 'auth',
        label: 'Authentication',
        default: 'basic',
        options: [
          { value: 'basic', label: 'Basic', fields: [envVar('username', 'Username'), envVar('password', 'Password or token')] },
          { value: 'ssh', label: 'SSH', fields: [envVar('certificate', 'Private key', { multiline: true, required: true })] },
        ],
      },
    ],
  },
  { type: 'github', title: 'GitHub', icon: 'github', fields: [envVar('password', 'Personal Access Token', { required: true }), input('url', 'API URL', { default: 'https://api.github.com' })] },
  { type: 'google_chat', title: 'Google Chat', icon: 'google_chat', fields: [input('webhook', 'Webhook URL', { required: true, hint: 'https://chat.googleapis.com/v1/spaces/…/messages?key=…&token=…' })] },
  withUrlAndAuth('http', 'HTTP', 'http', 'https://api.example.com'),
  { type: 'ifttt', title: 'IFTTT', icon: 'ifttt', fields: [envVar('password', 'Webhook Key', { required: true }), input('username', 'Events', { required: true, hint: 'Comma-separated event names' })] },
  { type: 'jmeter', title: 'JMeter', icon: 'jmeter', fields: [input('url', 'Host', { required: true }), numberInput('port', 'Port')] },
  {
    type: 'kubernetes',
    title: 'Kubernetes',
    icon: 'kubernetes',
    fields: [envVar('certificate', 'Kubeconfig', { multiline: true, hint: 'Empty to use the cluster Pharos runs in' })],
  },
  {
    type: 'ldap',
    title: 'LDAP',
    icon: 'ldap',
    fields: [url('URL', { hint: 'ldap://ldap.example.com:389' }), authentication({ required: true, usernameLabel: 'Bind DN' }), input('searchBase', 'Search base', { hint: 'dc=example,dc=com' }), insecureTls],
  },
  {
    type: 'matrix',
    title: 'Matrix',
    icon: 'matrix',
    fields: [url('Homeserver URL'), envVar('password', 'Access Token', { required: true }), input('rooms', 'Rooms', { required: true, hint: 'Room ids, comma-separated' }), insecureTls],
  },
  {
    type: 'mattermost',
    title: 'Mattermost',
    icon: 'mattermost',
    fields: [url('Server URL'), envVar('password', 'Webhook Token', { required: true }), input('username', 'Username', { hint: 'Override the webhook user' }), input('channel', 'Channel', { hint: 'Override the webhook channel' })],
  },
  withUrlAndAuth('mongo', 'MongoDB', 'mongo', 'mongodb://mongo.example.com:27017', true),
  database('mysql', 'MySQL', 'mysql', 'mysql://db.example.com:3306/name'),
  {
    type: 'ntfy',
    title: 'Ntfy',
    icon: 'ntfy',
    fields: [input('url', 'Server URL', { required: true, default: `https://${NTFY_DEFAULT_HOST}` }), input('topic', 'Topic', { required: true }), authentication()],
  },
  {
    type: 'opsgenie',
    title: 'OpsGenie',
    icon: 'opsgenie',
    fields: [input('host', 'Host', { required: true, default: OPSGENIE_DEFAULTS.host }), numberInput('port', 'Port', { required: true, default: OPSGENIE_DEFAULTS.port }), envVar('password', 'API Key', { required: true })],
  },
  database('postgres', 'PostgreSQL', 'postgres', 'postgres://db.example.com:5432/name'),
  withUrlAndAuth('prometheus', 'Prometheus', 'prometheus', 'http://prometheus.example.com:9090'),
  { type: 'pushbullet', title: 'Pushbullet', icon: 'pushbullet', fields: [envVar('password', 'Access Token', { required: true }), input('targets', 'Targets', { hint: 'Device ids, emails or #channels, comma-separated' })] },
  { type: 'pushover', title: 'Pushover', icon: 'pushover', fields: [input('username', 'User Key', { required: true }), envVar('password', 'Application Token', { required: true })] },
  {
    type: 'redis',
    title: 'Redis',
    icon: 'redis',
    fields: [url('URL', { hint: 'redis://cache.example.com:6379' }), numberInput('db', 'Database', { default: 0 }), authentication(), insecureTls],
  },
  {
    type: 'restic',
    title: 'Restic',
    icon: 'restic',
    fields: [
      url('Repository URL'),
      envVar('password', 'Password', { required: true }),
      {
        kind: 'ConnectionSwitch',
        key: 'awsConnectionName',
        label: 'AWS Connection',
        connectionType: 'aws',
        fields: [envVar('accessKey', 'Access Key', { secret: true }), envVar('secretKey', 'Secret Key', { secret: true })],
      },
    ],
  },
  {
    type: 'rocketchat',
    title: 'Rocket.Chat',
    icon: 'rocketchat',
    fields: [url('Server URL'), envVar('username', 'Token A', { required: true }), envVar('password', 'Token B', { required: true }), input('channel', 'Channel', { required: true })],
  },
  {
    type: 'sftp',
    title: 'SFTP',
    icon: 'sftp',
    fields: [input('host', 'Host', { required: true }), numberInput('port', 'Port', { default: CONNECTION_DEFAULTS.sftpPort }), authentication({ required: true }), input('path', 'Path', { hint: 'Folder to open, default the home folder' })],
  },
  {
    type: 'slack',
    title: 'Slack',
    icon: 'slack',
    fields: [input('username', 'Channel', { required: true, hint: 'Channel to send messages to, in Cxxxxxxxxxx format' }), envVar('password', 'Bot Token', { required: true }), input('BotName', 'Bot Name')],
  },
  { type: 'slackwebhook', title: 'Slack Webhook', icon: 'slack', fields: [url('Webhook URL')] },
  {
    type: 'smb',
    title: 'SMB',
    icon: 'smb',
    fields: [
      input('url', 'Server', { required: true, hint: '\\\\server\\share or smb://server/share' }),
      numberInput('port', 'Port', { default: CONNECTION_DEFAULTS.smbPort }),
      authentication({ required: true }),
      input('domain', 'Domain'),
      input('workstation', 'Workstation'),
      input('searchPath', 'Search path'),
    ],
  },
  database('sql_server', 'SQL Server', 'sql_server', 'sqlserver://db.example.com:1433?database=name'),
  { type: 'teams', title: 'Microsoft Teams', icon: 'teams', fields: [url('Webhook URL'), input('host', 'Host', { default: 'outlook.office.com' })] },
  { type: 'telegram', title: 'Telegram', icon: 'telegram', fields: [envVar('password', 'Bot Token', { required: true }), input('username', 'Chats', { required: true, hint: 'Chat ids or @channel-names' })] },
  {
    type: 'webhook',
    title: 'Webhook',
    icon: 'webhook',
    fields: [url('URL'), select('method', 'Request Method', ['POST', 'PUT', 'GET'], { default: 'POST' }), authentication(), insecureTls],
  },
  { type: 'windows', title: 'Windows', icon: 'windows', fields: [input('url', 'Host'), authentication({ required: true }), input('domain', 'Domain')] },
  {
    type: 'zulip_chat',
    title: 'Zulip Chat',
    icon: 'zulip_chat',
    fields: [url('Server URL'), input('username', 'Bot Email', { required: true }), envVar('password', 'Bot Key', { required: true }), input('stream', 'Stream', { required: true })],
  },
  { type: 'folder', title: 'Folder', icon: 'folder', fields: [input('path', 'Path', { required: true, hint: 'An absolute path on the Pharos server' })] },
].sort((a, b) => a.title.localeCompare(b.title)) as ConnectionForm[];

export function connectionForm(type: string): ConnectionForm | undefined {
  return CONNECTION_FORMS.find((form) => form.type === type);
}
