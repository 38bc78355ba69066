import { describe, expect, it } from 'vitest';
import { HEALTH_CHECK_TYPES, SCRAPER_KINDS } from '../constants/index.js';
import {
  CANARY_SCHEMA,
  JSON_SCHEMA_DRAFT,
  SCRAPE_CONFIG_SCHEMA,
  SETTINGS_TABLE_SPEC_SCHEMAS,
  SPEC_SCHEMAS,
  SPEC_SCHEMA_NAMES,
  isSpecSchemaName,
  specSchemaPath,
  type JsonSchema,
} from './index.js';

/** Every `$ref` inside a schema. */
function refs(schema: unknown, found: string[] = []): string[] {
  if (Array.isArray(schema)) for (const item of schema) refs(item, found);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refs(value, found);
    }
  }
  return found;
}

describe('spec schemas', () => {
  it.each(SPEC_SCHEMA_NAMES)('%s is a draft-07 object schema whose references resolve', (name) => {
    const schema: JsonSchema = SPEC_SCHEMAS[name];
    expect(schema.$schema).toBe(JSON_SCHEMA_DRAFT);
    expect(schema.type).toBe('object');
    for (const target of refs(schema)) {
      const definition = target.replace('#/definitions/', '');
      expect(schema.definitions?.[definition], `${name}: ${target}`).toBeDefined();
    }
  });

  it('lists every health-check type and scraper kind', () => {
    for (const type of HEALTH_CHECK_TYPES) expect(CANARY_SCHEMA.properties).toHaveProperty(type);
    for (const kind of SCRAPER_KINDS) expect(SCRAPE_CONFIG_SCHEMA.properties).toHaveProperty(kind);
  });

  it('names the schemas and their paths', () => {
    expect(isSpecSchemaName('canary')).toBe(true);
    expect(isSpecSchemaName('nope')).toBe(false);
    expect(specSchemaPath('playbook-spec')).toBe('/api/schemas/playbook-spec.schema.json');
    expect(SETTINGS_TABLE_SPEC_SCHEMAS).toEqual({ canaries: 'canary', config_scrapers: 'scrape-config', topologies: 'topology' });
  });
});
