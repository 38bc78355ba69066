/** The dynamic field types a connection form is built from (spec 3, section 3). */
export type ValueFieldKind = 'input' | 'numberInput' | 'checkbox' | 'EnvVarSource' | 'select';

/** One value of a connection: a column of the row (url, username …) or a key of its properties. */
export interface ValueField {
  kind: ValueFieldKind;
  key: string;
  label: string;
  required?: boolean;
  default?: string | number | boolean;
  hint?: string;
  /** The choices of a select. */
  options?: readonly string[];
  /** A multi-line value (a certificate, a key file, a script). */
  multiline?: boolean;
  /** The smallest number a numberInput takes (health-check numbers: 0). */
  min?: number;
  /** Sealed at rest and never sent back: password and certificate always, properties when marked. */
  secret?: boolean;
}

/** Username and password side by side, each a secret-or-value field. */
export interface AuthenticationField {
  kind: 'authentication';
  label: string;
  required?: boolean;
  usernameLabel?: string;
  passwordLabel?: string;
}

/** Fields shown together under a heading. */
export interface GroupField {
  kind: 'GroupField';
  label: string;
  fields: readonly ValueField[];
}

/** One of several sets of fields, chosen by a switch whose value is kept in `key`. */
export interface SwitchField {
  kind: 'SwitchField';
  key: string;
  label: string;
  default: string;
  options: readonly { value: string; label: string; fields: readonly ValueField[] }[];
}

/** Either the name of another connection (kept in `key`) or the fields it would give. */
export interface ConnectionSwitchField {
  kind: 'ConnectionSwitch';
  key: string;
  label: string;
  connectionType: string;
  fields: readonly ValueField[];
}

export type ConnectionField = ValueField | AuthenticationField | GroupField | SwitchField | ConnectionSwitchField;

/** The columns of a connection row; every other field is kept in its properties. */
export const CONNECTION_COLUMNS = ['name', 'namespace', 'url', 'username', 'password', 'certificate', 'insecure_tls'] as const;

/** Columns whose value is a credential wherever they appear. */
export const SECRET_COLUMNS = ['password', 'certificate'] as const;

export const input = (key: string, label: string, more: Partial<ValueField> = {}): ValueField => ({ kind: 'input', key, label, ...more });
export const numberInput = (key: string, label: string, more: Partial<ValueField> = {}): ValueField => ({ kind: 'numberInput', key, label, ...more });
export const checkbox = (key: string, label: string, more: Partial<ValueField> = {}): ValueField => ({ kind: 'checkbox', key, label, ...more });
export const select = (key: string, label: string, options: readonly string[], more: Partial<ValueField> = {}): ValueField => ({ kind: 'select', key, label, options, ...more });
export const envVar = (key: string, label: string, more: Partial<ValueField> = {}): ValueField => ({
  kind: 'EnvVarSource',
  key,
  label,
  ...((SECRET_COLUMNS as readonly string[]).includes(key) ? { secret: true } : {}),
  ...more,
});
export const authentication = (more: Partial<AuthenticationField> = {}): AuthenticationField => ({ kind: 'authentication', label: 'Authentication', ...more });

/** The value fields of a form, those inside groups, switches and authentication included. */
export function valueFields(fields: readonly ConnectionField[]): ValueField[] {
  return fields.flatMap((field): ValueField[] => {
    switch (field.kind) {
      case 'authentication':
        return [
          envVar('username', field.usernameLabel ?? 'Username', field.required ? { required: true } : {}),
          envVar('password', field.passwordLabel ?? 'Password', field.required ? { required: true } : {}),
        ];
      case 'GroupField':
        return [...field.fields];
      case 'SwitchField':
        return [input(field.key, field.label), ...field.options.flatMap((option) => option.fields)];
      case 'ConnectionSwitch':
        return [input(field.key, field.label), ...field.fields];
      default:
        return [field];
    }
  });
}
