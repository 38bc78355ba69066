import { input, isRecord } from '@pharos/core';
import { parse, stringify } from 'yaml';
import type { SpecFieldsDefinition } from '../../../ui/resource-settings/spec-fields';

/** The fields of a Topology spec's root component (its components are edited as YAML). */
export const TOPOLOGY_ROOT_FIELDS: SpecFieldsDefinition = {
  fields: [
    input('icon', 'Icon', { hint: 'e.g. kubernetes, postgres' }),
    input('type', 'Type', { hint: 'The type of the root component, e.g. Cluster' }),
    input('label', 'Label', { hint: 'Shown on the card instead of the name' }),
    input('text', 'Text'),
  ],
  encodings: {},
};

export const COMPONENTS_NOT_A_LIST = 'Components must be a YAML list';
export const COMPONENT_NEEDS_NAME = 'Every component needs a name';

export type ComponentsText = { ok: true; value: unknown[] | undefined } | { ok: false; error: string };

/** The components YAML of the form: a list of components (each with a name), or nothing. */
export function parseComponents(text: string): ComponentsText {
  if (text.trim() === '') return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    return { ok: false, error: `${COMPONENTS_NOT_A_LIST}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
  if (value === null || value === undefined) return { ok: true, value: undefined };
  if (!Array.isArray(value)) return { ok: false, error: COMPONENTS_NOT_A_LIST };
  if (value.some((component) => !isRecord(component) || typeof component['name'] !== 'string' || component['name'].trim() === '')) {
    return { ok: false, error: COMPONENT_NEEDS_NAME };
  }
  return { ok: true, value };
}

export function componentsText(components: unknown): string {
  return Array.isArray(components) && components.length > 0 ? stringify(components, { lineWidth: 0 }) : '';
}
