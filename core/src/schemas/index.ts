/** JSON Schemas (draft-07) of the spec editors, shared by the web app and `GET /api/schemas/{name}.schema.json`. */
import { CANARY_SCHEMA } from './canary.js';
import { CONNECTION_SCHEMA } from './connection.js';
import type { JsonSchema } from './json-schema.js';
import { NOTIFICATION_SCHEMA } from './notification.js';
import { PLAYBOOK_SPEC_SCHEMA } from './playbook-spec.js';
import { SCRAPE_CONFIG_SCHEMA } from './scrape-config.js';
import { TOPOLOGY_SCHEMA } from './topology.js';

export * from './json-schema.js';
export * from './resource-selector.js';
export { CANARY_SCHEMA, CHECK_DEFINITIONS } from './canary.js';
export { CONNECTION_SCHEMA, CONNECTION_TYPES_REQUIRING_URL } from './connection.js';
export { CONNECTION_DOCUMENT_SCHEMA } from './connection-document.js';
export { NOTIFICATION_SCHEMA } from './notification.js';
export { PLAYBOOK_ACTION_KINDS, PLAYBOOK_SPEC_SCHEMA, TEMPLATED_CHOICES } from './playbook-spec.js';
export { REQUEST_METHODS, TEMPLATED_TEXT, templatable } from './common.js';
export { SCRAPE_CONFIG_SCHEMA } from './scrape-config.js';
export { TOPOLOGY_SCHEMA } from './topology.js';

export const SPEC_SCHEMA_NAMES = ['canary', 'scrape-config', 'topology', 'playbook-spec', 'notification', 'connection'] as const;
export type SpecSchemaName = (typeof SPEC_SCHEMA_NAMES)[number];

export const SPEC_SCHEMAS: Readonly<Record<SpecSchemaName, JsonSchema>> = {
  canary: CANARY_SCHEMA,
  'scrape-config': SCRAPE_CONFIG_SCHEMA,
  topology: TOPOLOGY_SCHEMA,
  'playbook-spec': PLAYBOOK_SPEC_SCHEMA,
  notification: NOTIFICATION_SCHEMA,
  connection: CONNECTION_SCHEMA,
};

export function isSpecSchemaName(name: string): name is SpecSchemaName {
  return (SPEC_SCHEMA_NAMES as readonly string[]).includes(name);
}

/** Path the server answers a schema on. */
export function specSchemaPath(name: SpecSchemaName): string {
  return `/api/schemas/${name}.schema.json`;
}

/** The spec schema a settings table's editor is validated against (spec 3 section 2.1). */
export const SETTINGS_TABLE_SPEC_SCHEMAS: Readonly<Partial<Record<string, SpecSchemaName>>> = {
  canaries: 'canary',
  config_scrapers: 'scrape-config',
  topologies: 'topology',
};
