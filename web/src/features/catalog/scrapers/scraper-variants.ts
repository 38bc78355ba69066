import { HTTP_METHODS, input, select, type ConnectionField } from '@pharos/core';
import type { Encoding, HealthCheckVariant } from '../../../ui/resource-settings/spec-variant';

/** One kind's form: the same shape as a health check's, so the same codec and field renderer edit it. */
export type ScraperVariant = HealthCheckVariant;

/** The file formats a scraper reads (parse-format), offered on the file form. */
export const SCRAPER_FORMATS = ['json', 'yaml', 'xml', 'properties'] as const;

// Spec 3 §5: url, type and id for http; type, id, format and icon for file; query for sql.
const type = (required: boolean) => input('type', 'Type', { required, hint: 'A literal like Shop::Service, or a JSONPath like $.kind' });
const id = (required: boolean) => input('id', 'ID', { required, hint: 'A JSONPath like $.id, or a literal' });
const name = input('name', 'Name', { hint: 'A JSONPath or a literal; the id when empty' });
const items = input('items', 'Items', { hint: 'JSONPath of the items inside one result, e.g. $.items[*]' });
const configClass = input('class', 'Class');
const common = (required: boolean): ConnectionField[] => [type(required), id(required), name, items, configClass];

const file: ScraperVariant = {
  type: 'file',
  title: 'File',
  fields: [
    ...common(true),
    input('format', 'Format', { required: true, hint: `${SCRAPER_FORMATS.join(', ')}, or another name to keep the text` }),
    input('icon', 'Icon', { required: true }),
    input('paths', 'Paths', { hint: 'Comma-separated globs, absolute or from the server folder: data/*.json, /etc/app.yaml' }),
  ],
  encodings: { paths: 'list' },
  defaults: {},
};

const exec: ScraperVariant = {
  type: 'exec',
  title: 'Script',
  fields: [...common(false), input('script', 'Script', { multiline: true, hint: 'A shell script whose output is JSON' })],
  encodings: {},
  defaults: {},
};

const http: ScraperVariant = {
  type: 'http',
  title: 'HTTP',
  fields: [
    ...common(true),
    input('url', 'URL', { required: true, hint: 'https://example.com/api/inventory' }),
    select('method', 'Method', HTTP_METHODS, { default: 'GET' }),
    input('headers', 'Headers', { multiline: true, hint: 'One per line: Name: value' }),
    input('body', 'Body', { multiline: true }),
    input('connection', 'Connection', { hint: 'connection://namespace/name' }),
  ],
  encodings: { headers: 'headerLines' },
  defaults: {},
};

const sql: ScraperVariant = {
  type: 'sql',
  title: 'SQL',
  fields: [
    ...common(false),
    input('connection', 'Connection', { hint: 'connection://namespace/name, or a database URL' }),
    select('driver', 'Driver', ['postgres', 'mysql']),
    input('query', 'Query', { required: true, multiline: true }),
  ],
  encodings: {},
  defaults: {},
};

const kubernetesFile: ScraperVariant = {
  type: 'kubernetesFile',
  title: 'Kubernetes File',
  fields: [
    input('selector.namespace', 'Namespace'),
    input('selector.kind', 'Kind', { hint: 'e.g. Deployment' }),
    input('selector.name', 'Resource name'),
    input('selector.labelSelector', 'Label selector', { hint: 'app=web,tier!=db' }),
    input('files', 'Files', { hint: 'Comma-separated globs of manifests: manifests/*.yaml' }),
  ],
  encodings: {},
  defaults: {},
};

/** The kinds the scraper form has fields for (spec 3 §3, §5); other kinds are edited as YAML. */
export const SCRAPER_VARIANTS: readonly ScraperVariant[] = [file, exec, http, sql, kubernetesFile];

export const scraperVariantOf = (kind: string): ScraperVariant | undefined => SCRAPER_VARIANTS.find((variant) => variant.type === kind);

/** kubernetesFile's `files: [{path: [...]}]` is edited as one comma-separated list. */
export const FILES_KEY = 'files';
export const encodingOf = (variant: ScraperVariant, key: string): Encoding | undefined => variant.encodings[key];
