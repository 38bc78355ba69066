/**
 * Topology spec: a tree of components, each with a name, type, icon, properties and an optional
 * `lookup` (health-check style queries that produce child components), built on a schedule.
 */
import { HEALTH_CHECK_TYPES } from '../constants/settings/resources.js';
import { LABELS, NON_EMPTY_STRING, SCHEDULE } from './common.js';
import { JSON_SCHEMA_DRAFT, arrayOf, ref, type JsonSchema } from './json-schema.js';
import { RESOURCE_SELECTOR_SCHEMA } from './resource-selector.js';

const PROPERTY: JsonSchema = {
  type: 'object',
  description: 'A property shown on the component card',
  properties: {
    name: { type: 'string' },
    label: { type: 'string' },
    type: { type: 'string' },
    text: { type: 'string' },
    value: { type: 'number' },
    unit: { type: 'string', examples: ['bytes', 'millicores', 'percent'] },
    min: { type: 'number' },
    max: { type: 'number' },
    icon: { type: 'string' },
    color: { type: 'string' },
    tooltip: { type: 'string' },
    headline: { type: 'boolean' },
    order: { type: 'integer' },
    links: arrayOf({ type: 'object', properties: { label: { type: 'string' }, url: { type: 'string' } }, additionalProperties: true }),
    lookup: ref('lookup'),
    configLookup: { type: 'object', additionalProperties: true },
  },
  additionalProperties: true,
};

/**
 * Health-check style queries whose results become components or property values: the check types'
 * fields, but a lookup needs no name, so its entries are open objects.
 */
const LOOKUP: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries(
    HEALTH_CHECK_TYPES.map((type) => [type, arrayOf({ type: 'object', additionalProperties: true })] as const),
  ),
  additionalProperties: true,
};

const COMPONENT: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: NON_EMPTY_STRING,
    type: { type: 'string' },
    icon: { type: 'string' },
    id: { type: 'object', description: 'Expression that gives the component id', additionalProperties: true },
    owner: { type: 'string' },
    tooltip: { type: 'string' },
    lifecycle: { type: 'string' },
    labels: LABELS,
    hidden: { type: 'boolean' },
    properties: arrayOf(ref('property')),
    lookup: ref('lookup'),
    components: arrayOf(ref('component')),
    selectors: arrayOf(RESOURCE_SELECTOR_SCHEMA),
    checks: arrayOf({
      type: 'object',
      properties: { inline: { type: 'object', additionalProperties: true }, selector: RESOURCE_SELECTOR_SCHEMA },
      additionalProperties: true,
    }),
    configs: arrayOf(RESOURCE_SELECTOR_SCHEMA),
    forEach: { type: 'object', additionalProperties: true },
  },
  additionalProperties: true,
};

export const TOPOLOGY_SCHEMA: JsonSchema = {
  $schema: JSON_SCHEMA_DRAFT,
  title: 'Topology spec',
  description: 'A tree of components with their properties, checks and configs',
  type: 'object',
  properties: {
    schedule: SCHEDULE,
    type: { type: 'string' },
    icon: { type: 'string' },
    label: { type: 'string' },
    text: { type: 'string' },
    id: { type: 'object', additionalProperties: true },
    properties: arrayOf(ref('property')),
    components: arrayOf(ref('component')),
    configs: arrayOf(RESOURCE_SELECTOR_SCHEMA),
    groupBy: { type: 'object', additionalProperties: true },
  },
  additionalProperties: true,
  definitions: {
    component: COMPONENT,
    property: PROPERTY,
    lookup: LOOKUP,
  },
};
