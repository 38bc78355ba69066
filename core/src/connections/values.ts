import { CONNECTION_DEFAULTS } from '../constants/settings/connections.js';
import { CONNECTION_COLUMNS, SECRET_COLUMNS, valueFields, type ConnectionField, type ValueField } from './fields.js';
import { connectionForm } from './forms.js';
import { CONNECTION_SECRET_RULES } from '../spec-secrets/fields.js';
import { CONNECTION_BLOCKS, isRowColumn } from './typed-blocks.js';

/** What a form holds: one value per field key, text or a checkbox. */
export type ConnectionFormValues = Record<string, string | boolean | undefined>;

/** A connection as it is saved: the columns, and every other field in properties. */
export interface ConnectionInput {
  name: string;
  namespace: string;
  type: string;
  url?: string | null;
  username?: string | null;
  /** Absent: keep what is saved; null: clear it. */
  password?: string | null;
  certificate?: string | null;
  insecure_tls?: boolean;
  properties?: Record<string, string>;
  /** Namespaces besides its own whose resources may use it ('*': every one); see namespace-sharing.ts. */
  allowed_namespaces?: string[] | null;
}

/** A connection as the server answers it: secrets left out, `secrets_set` names those that are saved. */
export interface ConnectionView extends Omit<ConnectionInput, 'password' | 'certificate'> {
  id: string;
  password?: string | null;
  certificate?: string | null;
  properties: Record<string, string>;
  secrets_set: string[];
  source: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMN_KEYS: ReadonlySet<string> = new Set(CONNECTION_COLUMNS);

/** The fields in effect: of a switch, only those of the chosen option; of a connection switch, none once a connection is named. */
export function activeFields(fields: readonly ConnectionField[], values: ConnectionFormValues): ValueField[] {
  return valueFields(
    fields.map((field) => {
      // A saved connection named in a ConnectionSwitch stands in for its fields.
      if (field.kind === 'ConnectionSwitch' && values[field.key]) return { ...field, fields: [] };
      if (field.kind !== 'SwitchField') return field;
      const chosen = String(values[field.key] ?? field.default);
      return { ...field, options: field.options.filter((option) => option.value === chosen) };
    }),
  );
}

/** Properties a type's typed block fills from a credential field (`http.bearer`, `http.tls.key`, `aws.sessionToken`). */
function typedBlockSecretKeys(type: string): string[] {
  const isSecret = (path: string): boolean => {
    const parts = path.split('.');
    const field = parts[parts.length - 1]!;
    const parent = parts[parts.length - 2];
    return CONNECTION_SECRET_RULES.fields.includes(field) || (parent !== undefined && (CONNECTION_SECRET_RULES.within[parent] ?? []).includes(field));
  };
  return Object.values(CONNECTION_BLOCKS)
    .filter((block) => block.type === type)
    .flatMap((block) => Object.entries(block.to).filter(([path, target]) => !isRowColumn(target) && isSecret(path)).map(([, target]) => target));
}

/** Keys whose saved value is sealed and never sent back, for a type. */
export function secretKeys(type: string): string[] {
  const form = connectionForm(type);
  const marked = form ? valueFields(form.fields).filter((field) => field.secret).map((field) => field.key) : [];
  return [...new Set<string>([...SECRET_COLUMNS, ...marked, ...typedBlockSecretKeys(type)])];
}

/** The form's starting values: what is saved, else each field's default. */
export function formValuesOf(type: string, saved?: Partial<ConnectionView>): ConnectionFormValues {
  const form = connectionForm(type);
  const values: ConnectionFormValues = {
    name: saved?.name ?? '',
    namespace: saved?.namespace ?? CONNECTION_DEFAULTS.namespace,
  };
  for (const field of form ? form.fields : []) {
    if (field.kind === 'SwitchField' || field.kind === 'ConnectionSwitch') {
      values[field.key] = saved?.properties?.[field.key] ?? (field.kind === 'SwitchField' ? field.default : '');
    }
  }
  for (const field of form ? valueFields(form.fields) : []) {
    const stored = COLUMN_KEYS.has(field.key) ? (saved as Record<string, unknown> | undefined)?.[field.key] : saved?.properties?.[field.key];
    if (field.kind === 'checkbox') values[field.key] = stored === true || stored === 'true' || (stored === undefined && field.default === true);
    else if (typeof stored === 'string' && stored !== '') values[field.key] = stored;
    else if (saved?.secrets_set?.includes(field.key)) values[field.key] = '';
    else values[field.key] = field.default === undefined ? '' : String(field.default);
  }
  return values;
}

/**
 * The connection a form's values describe. A secret left empty while one is saved is left out, so
 * the saved one is kept; `cleared` names the secrets the person removed.
 */
export function connectionInputOf(type: string, values: ConnectionFormValues, options: { cleared?: readonly string[] } = {}): ConnectionInput {
  const form = connectionForm(type);
  const input: ConnectionInput = { name: String(values['name'] ?? '').trim(), namespace: String(values['namespace'] ?? '').trim() || CONNECTION_DEFAULTS.namespace, type };
  const properties: Record<string, string> = {};
  const record = input as unknown as Record<string, unknown>;
  const fields = form ? activeFields(form.fields, values) : [];
  for (const field of form ? form.fields : []) {
    if ((field.kind === 'SwitchField' || field.kind === 'ConnectionSwitch') && values[field.key]) properties[field.key] = String(values[field.key]);
  }
  for (const field of fields) {
    if (field.key === 'name' || field.key === 'namespace') continue;
    const value = values[field.key];
    if (field.kind === 'checkbox') {
      if (field.key === 'insecure_tls') input.insecure_tls = value === true;
      else properties[field.key] = String(value === true);
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : value === undefined ? '' : String(value);
    if (text === '') {
      // An empty secret that is saved is left out and kept; one the person removed is sent as cleared.
      if (options.cleared?.includes(field.key)) {
        if (COLUMN_KEYS.has(field.key)) record[field.key] = null;
        else properties[field.key] = '';
      }
      continue;
    }
    if (COLUMN_KEYS.has(field.key)) record[field.key] = text;
    else properties[field.key] = text;
  }
  input.properties = properties;
  return input;
}

/** Labels of required fields without a value (a saved secret counts as a value). */
export function missingRequired(type: string, values: ConnectionFormValues, secretsSet: readonly string[] = []): string[] {
  const form = connectionForm(type);
  const missing: string[] = [];
  if (!String(values['name'] ?? '').trim()) missing.push('Name');
  for (const field of form ? activeFields(form.fields, values) : []) {
    if (!field.required || field.kind === 'checkbox') continue;
    const value = values[field.key];
    if ((value === undefined || String(value).trim() === '') && !secretsSet.includes(field.key)) missing.push(field.label);
  }
  return missing;
}
