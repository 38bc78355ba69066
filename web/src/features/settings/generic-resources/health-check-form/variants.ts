import { envVar, HEALTH_CHECK_AUTH_TYPES, HTTP_METHODS, HTTP_RESPONSE_CODES, input, numberInput, REDIS_DEFAULT_DB, select, type ConnectionField } from '@pharos/core';
import type { HealthCheckVariant } from '../../../../ui/resource-settings/spec-variant';

const MIN = { min: 0 } as const;
const name = input('name', 'Name', { required: true });
const icon = input('icon', 'Icon');
const description = input('description', 'Description');
const thresholdMillis = numberInput('thresholdMillis', 'Threshold (ms)', { ...MIN, hint: 'Slower runs fail' });
const test = input('test.expr', 'Test', { multiline: true, hint: 'CEL that must be true, e.g. code == 200' });
const display = input('display.template', 'Display', { multiline: true, hint: 'A Go template for the message, e.g. {{ .code }}' });
const transform = input('transform.expr', 'Transform', { multiline: true });
const scripts = [test, display, transform];
const credentials: ConnectionField = {
  kind: 'GroupField',
  label: 'Basic Authentication',
  fields: [envVar('username', 'Username'), envVar('password', 'Password', { secret: true })],
};
const SECRETS = { username: 'envVar', password: 'envVar' } as const;

const http: HealthCheckVariant = {
  type: 'http',
  title: 'HTTP',
  fields: [
    name,
    icon,
    description,
    input('url', 'URL', { hint: 'https://example.com/health' }),
    select('method', 'Method', HTTP_METHODS, { default: 'GET' }),
    input('body', 'Body', { multiline: true, hint: 'Sent with POST and PUT' }),
    input('headers', 'Headers', { multiline: true, hint: 'One per line: Name: value' }),
    {
      kind: 'SwitchField',
      key: 'authentication.type',
      label: 'Authentication',
      default: 'none',
      options: [
        { value: 'none', label: 'None', fields: [] },
        ...HEALTH_CHECK_AUTH_TYPES.map((type) => ({
          value: type,
          label: type === 'basic' ? 'Basic' : type === 'ntlm' ? 'NTLM' : 'NTLMv2',
          fields: [envVar('authentication.username', 'Username', { required: true }), envVar('authentication.password', 'Password', { secret: true })],
        })),
      ],
    },
    input('responseCodes', 'Response Codes', { hint: `Comma-separated, e.g. ${HTTP_RESPONSE_CODES.slice(0, 3).join(', ')}` }),
    thresholdMillis,
    input('responseContent', 'Response Content', { hint: 'Text the body must contain' }),
    numberInput('maxSSLExpiry', 'Max SSL Expiry (days)', { ...MIN, hint: 'Fail when the certificate expires sooner' }),
    ...scripts,
  ],
  encodings: {
    thresholdMillis: 'number',
    maxSSLExpiry: 'number',
    responseCodes: 'list',
    headers: 'headerLines',
    'authentication.type': 'authType',
    'authentication.username': 'envVar',
    'authentication.password': 'envVar',
  },
  defaults: { method: 'GET', responseCodes: [200] },
};

const alertManager: HealthCheckVariant = {
  type: 'alertManager',
  title: 'Alertmanager',
  fields: [
    name,
    icon,
    description,
    input('host', 'Host', { hint: 'http://alertmanager:9093' }),
    input('alerts', 'Alerts', { hint: 'Alert names, comma-separated' }),
    input('filters', 'Filters', { multiline: true, hint: 'One label per line: key=value' }),
    input('ignore', 'Ignore', { hint: 'Alert names to ignore, comma-separated' }),
    ...scripts,
  ],
  encodings: { alerts: 'list', ignore: 'list', filters: 'pairLines' },
  defaults: {},
};

const search: HealthCheckVariant = {
  type: 'elasticsearch',
  title: 'Search (Elasticsearch / OpenSearch)',
  fields: [
    name,
    icon,
    description,
    input('url', 'URL', { hint: 'https://elastic:9200' }),
    input('index', 'Index'),
    input('query', 'Query', { multiline: true, hint: 'A query DSL document (JSON)' }),
    numberInput('results', 'Results', { ...MIN, hint: 'The number of hits expected' }),
    credentials,
    ...scripts,
  ],
  encodings: { results: 'number', ...SECRETS },
  defaults: {},
};

const script: HealthCheckVariant = {
  type: 'exec',
  title: 'Script',
  fields: [name, icon, description, input('script', 'Script', { required: true, multiline: true, hint: 'Bash; the check passes when it exits 0' }), ...scripts],
  encodings: {},
  defaults: {},
};

const folder: HealthCheckVariant = {
  type: 'folder',
  title: 'Folder',
  fields: [
    name,
    icon,
    input('path', 'Path', { required: true, hint: '/var/backups, sftp://host/path or smb://host/share' }),
    description,
    input('minAge', 'Min Age', { hint: 'The newest file is at least this old, e.g. 1h' }),
    input('maxAge', 'Max Age', { hint: 'The newest file is at most this old, e.g. 25h' }),
    numberInput('minCount', 'Min Count', MIN),
    numberInput('maxCount', 'Max Count', MIN),
    input('minSize', 'Min Size', { hint: 'e.g. 10Mi' }),
    input('maxSize', 'Max Size'),
    input('availableSize', 'Available Size'),
    input('totalSize', 'Total Size'),
    {
      kind: 'GroupField',
      label: 'Filter',
      fields: [input('filter.minAge', 'Min Age'), input('filter.maxAge', 'Max Age'), input('filter.minSize', 'Min Size'), input('filter.maxSize', 'Max Size'), input('filter.regex', 'Regex')],
    },
    input('connection', 'Connection', { hint: 'connection://namespace/name, for SFTP, SMB or S3' }),
    ...scripts,
  ],
  encodings: { minCount: 'number', maxCount: 'number' },
  defaults: {},
};

const icmp: HealthCheckVariant = {
  type: 'icmp',
  title: 'ICMP',
  fields: [
    name,
    icon,
    description,
    input('endpoint', 'Host', { required: true, hint: 'A host name or address to ping' }),
    numberInput('packetCount', 'Packet Count', MIN),
    numberInput('packetLossThreshold', 'Packet Loss Threshold (%)', MIN),
    thresholdMillis,
  ],
  encodings: { packetCount: 'number', packetLossThreshold: 'number', thresholdMillis: 'number' },
  defaults: { packetCount: 5 },
};

const mongo: HealthCheckVariant = {
  type: 'mongo',
  title: 'MongoDB',
  fields: [
    name,
    icon,
    { kind: 'ConnectionSwitch', key: 'connection', label: 'Connection', connectionType: 'mongo', fields: [input('url', 'URL', { hint: 'mongodb://mongo:27017' })] },
    credentials,
    test,
  ],
  encodings: SECRETS,
  defaults: {},
};

const redis: HealthCheckVariant = {
  type: 'redis',
  title: 'Redis',
  fields: [name, icon, description, input('addr', 'Address', { required: true, hint: 'host:port' }), numberInput('db', 'Database', { ...MIN, default: REDIS_DEFAULT_DB }), test, credentials],
  encodings: { db: 'number', ...SECRETS },
  defaults: { db: REDIS_DEFAULT_DB },
};

const tcp: HealthCheckVariant = {
  type: 'tcp',
  title: 'TCP',
  fields: [name, icon, description, input('endpoint', 'Endpoint', { required: true, hint: 'host:port' }), test, thresholdMillis],
  encodings: { thresholdMillis: 'number' },
  defaults: {},
};

/** The health-check forms, in the order of the Add Check choice. */
export const HEALTH_CHECK_VARIANTS: readonly HealthCheckVariant[] = [http, alertManager, search, script, folder, icmp, mongo, redis, tcp];

export function variantOf(type: string): HealthCheckVariant | undefined {
  return HEALTH_CHECK_VARIANTS.find((variant) => variant.type === type);
}
