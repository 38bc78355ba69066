import { readFileSync } from 'node:fs';
import { CONNECTION_DOCUMENT_SCHEMA, isRecord, SPEC_SCHEMAS, type JsonSchema } from '@pharos/core';
import { Ajv, type ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { applyKind } from './kinds.js';

/**
 * Every field the upstream CRDs (server/test/conformance/crds, see its README) accept is accepted by
 * the schema `pharos apply` checks a kind's spec with: a sample spec with each upstream field set to
 * a value of its type is refused neither for an unknown field nor for a wrong type or value.
 */

const CRDS = new URL('../../test/conformance/crds/', import.meta.url);

type OpenApi = Record<string, unknown>;

/** Upstream fields Pharos refuses on purpose, by refusal (`keyword /path`), with the reason. */
const REFUSED_ON_PURPOSE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Canary: {
    'enum /http/0/method': 'an http check sends one of the methods its client knows (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS); upstream takes any text and fails the check when it runs',
    'enum /dns/0/querytype': 'a dns check asks for a record type its resolver knows (A, AAAA, CNAME, MX, NS, PTR, SRV, TXT); upstream takes any text and fails the check when it runs',
  },
  Topology: {},
  ScrapeConfig: {
    'enum /http/0/method': 'an http scraper sends one of GET, POST, PUT, PATCH, DELETE; upstream takes any text and fails the scrape when it runs',
    'const /retention/staleItemAge': "a duration (checked by its pattern) or 'keep', which the sample text is neither of",
    'const /retention/staleAnalysisAge': "a duration (checked by its pattern) or 'keep', which the sample text is neither of",
  },
  Playbook: {
    'enum /actions/0/http/method': 'an http action sends one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, or a template giving one (checked once rendered)',
    'enum /actions/0/templatesOn': "where an action's templates are rendered is host or agent, the two places mission-control knows; upstream's schema takes any text",
    'enum /templatesOn': "the playbook's default for its actions: host or agent, as an action's",
  },
  Notification: {},
  Connection: {},
};

/** The spec schema of a CRD's first version. */
function specSchemaOf(file: string): { kind: string; spec: OpenApi } {
  const crd = parseAllDocuments(readFileSync(new URL(file, CRDS), 'utf8'))
    .map((document) => document.toJS() as OpenApi)
    .find((document) => document['kind'] === 'CustomResourceDefinition')!;
  const spec = crd['spec'] as { names: { kind: string }; versions: { schema: { openAPIV3Schema: { properties: { spec: OpenApi } } } }[] };
  return { kind: spec.names.kind, spec: spec.versions[0]!.schema.openAPIV3Schema.properties.spec };
}

/** A value the schema accepts, with every property it declares set; `depth` stops self-similar nesting. */
function sample(schema: OpenApi, depth = 0): unknown {
  if (schema['x-kubernetes-int-or-string'] === true) return 1;
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  switch (schema['type']) {
    case 'string':
      return 'sample';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return isRecord(schema['items']) && depth < 12 ? [sample(schema['items'], depth + 1)] : [];
    default: {
      const properties = isRecord(schema['properties']) ? (schema['properties'] as Record<string, OpenApi>) : undefined;
      if (properties && depth < 12) return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sample(property, depth + 1)]));
      if (isRecord(schema['additionalProperties']) && depth < 12) return { key: sample(schema['additionalProperties'], depth + 1) };
      return {};
    }
  }
}

const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });

/** Refusals that say upstream's field or value is not ours: unknown fields, wrong types, values outside our choices. */
function refusals(errors: readonly ErrorObject[]): string[] {
  return errors
    .filter((error) => ['additionalProperties', 'type', 'enum', 'const'].includes(error.keyword))
    .map((error) => `${error.keyword} ${error.instancePath}${error.keyword === 'additionalProperties' ? `/${String((error.params as { additionalProperty: string }).additionalProperty)}` : ''}`);
}

const FILES = [
  'canaries.flanksource.com_canaries.yaml',
  'canaries.flanksource.com_topologies.yaml',
  'configs.flanksource.com_scrapeconfigs.yaml',
  'mission-control.flanksource.com_playbooks.yaml',
  'mission-control.flanksource.com_notifications.yaml',
  'mission-control.flanksource.com_connections.yaml',
];

describe('the schemas of pharos apply against the upstream CRDs', () => {
  it.each(FILES)('accept every field of %s', (file) => {
    const { kind, spec } = specSchemaOf(file);
    const applied = applyKind(kind);
    expect(applied, kind).toBeDefined();
    const schema = applied!.writtenSchema ?? SPEC_SCHEMAS[applied!.schema!];
    const validate = ajv.compile(schema);
    validate(sample(spec));
    const found = [...new Set(refusals(validate.errors ?? []))].sort();
    const unexpected = found.filter((refusal) => !(refusal in REFUSED_ON_PURPOSE[kind]!));
    expect(unexpected, `${kind} refuses upstream fields`).toEqual([]);
    // A refusal listed on purpose that no longer happens is stale.
    expect(Object.keys(REFUSED_ON_PURPOSE[kind]!).filter((refusal) => !found.includes(refusal))).toEqual([]);
  });

  it('notices a field upstream has and a schema leaves out', () => {
    const { spec } = specSchemaOf('mission-control.flanksource.com_connections.yaml');
    const smtp = CONNECTION_DOCUMENT_SCHEMA.properties!['smtp']!;
    const { fromName: _left, ...fields } = smtp.properties!;
    const narrower: JsonSchema = { ...CONNECTION_DOCUMENT_SCHEMA, properties: { ...CONNECTION_DOCUMENT_SCHEMA.properties, smtp: { ...smtp, properties: fields } } };
    const validate = ajv.compile(narrower);
    validate(sample(spec));
    expect(refusals(validate.errors ?? [])).toEqual(['additionalProperties /smtp/fromName']);
  });

  it("accept a template in every text field of a playbook action's kind, as mission-control renders them first", () => {
    const { spec } = specSchemaOf('mission-control.flanksource.com_playbooks.yaml');
    const templated = (value: unknown): unknown => {
      if (typeof value === 'string') return '{{ .params.value }}';
      if (Array.isArray(value)) return value.map(templated);
      return isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, templated(inner)])) : value;
    };
    const document = sample(spec) as { actions: Record<string, unknown>[] };
    // The action's own fields (timeout, delay, retry …) are read before rendering upstream too; its kind's fields after.
    const action = Object.fromEntries(Object.entries(document.actions[0]!).map(([key, value]) => [key, isRecord(value) && key !== 'retry' ? templated(value) : value]));
    const validate = ajv.compile(SPEC_SCHEMAS['playbook-spec']);
    validate({ ...document, actions: [action] });
    const refused = (validate.errors ?? []).filter((error) => ['type', 'enum', 'const', 'pattern', 'format'].includes(error.keyword) && error.instancePath.startsWith('/actions/0/'));
    // templatesOn is read before rendering (it says where rendering happens): it is never a template.
    const readBeforeRendering = ['pattern /actions/0/timeout', 'enum /actions/0/templatesOn'];
    expect(refused.map((error) => `${error.keyword} ${error.instancePath}`).filter((refusal) => !readBeforeRendering.includes(refusal))).toEqual([]);
  });
});
