import type { SettingsResource } from '../../api/settings-resources';
import type { SettingsTableConfig } from './tables';
import { parseYamlObject, toYamlText } from './yaml-text';

/** What the settings form edits, as text. */
export interface ResourceFormValues {
  name: string;
  namespace: string;
  icon: string;
  source: string;
  labels: string;
  spec: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The spec editor's document of a row: its spec, or the columns edited as the spec. */
function specDocument(config: SettingsTableConfig, resource: SettingsResource | undefined): unknown {
  if (!resource) return undefined;
  if ('column' in config.spec) return resource.spec;
  const document: Record<string, unknown> = {};
  for (const field of config.spec.fields) {
    const value = resource[field];
    if (value !== undefined && value !== null) document[field] = value;
  }
  return document;
}

/** The form's starting values: the resource's, or the table's defaults for a new one. */
export function initialFormValues(config: SettingsTableConfig, resource?: SettingsResource): ResourceFormValues {
  return {
    name: text(resource?.name),
    namespace: resource ? text(resource.namespace) : (config.defaults.namespace ?? ''),
    icon: resource ? text(resource.icon) : (config.defaults.icon ?? ''),
    source: resource ? text(resource.source) : (config.defaults.source ?? ''),
    labels: toYamlText(resource?.labels),
    spec: toYamlText(specDocument(config, resource)),
  };
}

export interface PayloadResult {
  payload: Record<string, unknown>;
  /** Documents that did not parse and were left out (already logged). */
  ignored: ('labels' | 'spec')[];
}

/**
 * The body of `POST {table}` (new) or `PATCH {table}?id=eq.{id}` (existing). Name and namespace
 * are sent for a new resource only (they are locked once the id exists). A spec or labels text
 * that does not parse into a mapping is logged and left out, so the stored value stays as it was.
 */
export function buildPayload(config: SettingsTableConfig, values: ResourceFormValues, isNew: boolean): PayloadResult {
  const payload: Record<string, unknown> = {};
  const ignored: PayloadResult['ignored'] = [];
  if (isNew) {
    payload['name'] = values.name.trim();
    if (config.form.namespace) payload['namespace'] = values.namespace.trim() || config.defaults.namespace || 'default';
  }
  if (config.form.icon) payload['icon'] = values.icon.trim() || config.defaults.icon || null;
  if (config.form.source) payload['source'] = values.source.trim() || null;
  if (config.form.labels) {
    const labels = parseYamlObject(values.labels);
    if (labels.ok) payload['labels'] = labels.value;
    else {
      console.error(`The labels of ${config.table} are not valid YAML and were not applied`, labels.error);
      ignored.push('labels');
    }
  }
  const spec = parseYamlObject(values.spec);
  if (!spec.ok) {
    console.error(`The spec of ${config.table} is not valid YAML and was not applied`, spec.error);
    ignored.push('spec');
  } else if ('column' in config.spec) {
    payload['spec'] = spec.value;
  } else {
    for (const field of config.spec.fields) {
      if (field in spec.value) payload[field] = spec.value[field];
    }
  }
  return { payload, ignored };
}
