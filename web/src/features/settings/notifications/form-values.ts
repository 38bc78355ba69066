import { NOTIFICATION_RECIPIENT_TYPES, NOTIFICATION_SCRIPT_TYPES, UI_SOURCE } from '@pharos/core';
import type { CustomService, NotificationRow } from './types';

export type RecipientType = (typeof NOTIFICATION_RECIPIENT_TYPES)[number];
export type ScriptType = (typeof NOTIFICATION_SCRIPT_TYPES)[number];

/**
 * The property naming how the template is written when it is not a Go template (the table has one
 * `template` column); the form shows it as the script type, not among the properties.
 */
export const TEMPLATE_TYPE_PROPERTY = 'template_type';
const TEMPLATE_TYPE_OF: Readonly<Record<Exclude<ScriptType, 'None' | 'Go Template'>, string>> = {
  Javascript: 'javascript',
  Expr: 'expr',
  JSONPath: 'jsonpath',
};

export const REQUIRED_MESSAGE = 'This field is required';
export const PROPERTIES_MESSAGE = 'Properties must be a JSON object of text values';

/** What the notification form edits. */
export interface NotificationFormValues {
  events: string[];
  title: string;
  filter: string;
  recipientType: RecipientType;
  person_id: string;
  team_id: string;
  custom_services: CustomService[];
  scriptType: ScriptType;
  template: string;
  repeat_interval: string;
  group_by_topology: boolean;
  /** How long a group holds failures (30s, 5m, 1h); empty for 5m. */
  group_window: string;
  /** The properties as JSON text. */
  properties: string;
}

export const EMPTY_FORM: NotificationFormValues = {
  events: [],
  title: '',
  filter: '',
  recipientType: 'Person',
  person_id: '',
  team_id: '',
  custom_services: [],
  scriptType: 'None',
  template: '',
  repeat_interval: '',
  group_by_topology: false,
  group_window: '',
  properties: '',
};

function scriptTypeOf(template: string | null, properties: Record<string, string> | null): ScriptType {
  if (!template) return 'None';
  const written = properties?.[TEMPLATE_TYPE_PROPERTY];
  const found = Object.entries(TEMPLATE_TYPE_OF).find(([, value]) => value === written);
  return found ? (found[0] as ScriptType) : 'Go Template';
}

function recipientTypeOf(row: NotificationRow): RecipientType {
  if (row.team_id) return 'Team';
  if (!row.person_id && (row.custom_services?.length ?? 0) > 0) return 'Others';
  return 'Person';
}

/** The form's values of a saved notification. */
export function formValuesOf(row: NotificationRow): NotificationFormValues {
  const { [TEMPLATE_TYPE_PROPERTY]: _type, ...properties } = row.properties ?? {};
  return {
    events: [...(row.events ?? [])],
    title: row.title ?? '',
    filter: row.filter ?? '',
    recipientType: recipientTypeOf(row),
    person_id: row.person_id ?? '',
    team_id: row.team_id ?? '',
    custom_services: row.custom_services ?? [],
    scriptType: scriptTypeOf(row.template, row.properties),
    template: row.template ?? '',
    repeat_interval: row.repeat_interval ?? '',
    group_by_topology: row.group_by_topology === true,
    group_window: row.group_window ?? '',
    properties: Object.keys(properties).length > 0 ? JSON.stringify(properties, null, 2) : '',
  };
}

/** Switching the recipient tab keeps only the chosen kind of recipient (spec 3 section 2.3). */
export function withRecipientType(values: NotificationFormValues, recipientType: RecipientType): NotificationFormValues {
  if (recipientType === values.recipientType) return values;
  return { ...values, recipientType, person_id: '', team_id: '', custom_services: [] };
}

/** Switching the script type clears the script written for the previous one. */
export function withScriptType(values: NotificationFormValues, scriptType: ScriptType): NotificationFormValues {
  if (scriptType === values.scriptType) return values;
  return { ...values, scriptType, template: '' };
}

export type FormErrors = Partial<Record<'events' | 'properties' | 'group_window', string>>;

export const GROUP_WINDOW_MESSAGE = 'Enter a whole number of seconds, minutes or hours, such as 30s, 5m or 1h';

function parseProperties(text: string): Record<string, string> | undefined | 'invalid' {
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'invalid';
    if (!Object.values(value).every((v) => typeof v === 'string')) return 'invalid';
    return value as Record<string, string>;
  } catch {
    return 'invalid';
  }
}

export function validate(values: NotificationFormValues): FormErrors {
  const errors: FormErrors = {};
  if (values.events.length === 0) errors.events = REQUIRED_MESSAGE;
  if (parseProperties(values.properties) === 'invalid') errors.properties = PROPERTIES_MESSAGE;
  if (values.group_by_topology && values.group_window.trim() !== '' && !/^\s*0*[1-9]\d*\s*[smh]\s*$/.test(values.group_window)) errors.group_window = GROUP_WINDOW_MESSAGE;
  return errors;
}

/** The columns of a notification the form writes. */
export interface NotificationPayload {
  events: string[];
  title: string | null;
  filter: string | null;
  person_id?: string | null;
  team_id?: string | null;
  custom_services?: CustomService[] | null;
  repeat_interval: string | null;
  group_by_topology: boolean;
  group_window: string | null;
  template: string | null;
  properties: Record<string, string> | null;
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

/**
 * The row to write. An update names every recipient column, null when absent, so a recipient of
 * another tab does not survive the switch (spec 3 section 7); a create leaves absent ones out.
 */
export function payloadOf(values: NotificationFormValues, kind: 'create' | 'update'): NotificationPayload {
  const parsed = parseProperties(values.properties);
  const properties: Record<string, string> = parsed === undefined || parsed === 'invalid' ? {} : { ...parsed };
  delete properties[TEMPLATE_TYPE_PROPERTY];
  const template = values.scriptType === 'None' ? null : orNull(values.template);
  if (template !== null && values.scriptType !== 'Go Template' && values.scriptType !== 'None') {
    properties[TEMPLATE_TYPE_PROPERTY] = TEMPLATE_TYPE_OF[values.scriptType];
  }
  const person = values.recipientType === 'Person' ? orNull(values.person_id) : null;
  const team = values.recipientType === 'Team' ? orNull(values.team_id) : null;
  const services = values.recipientType === 'Others' && values.custom_services.length > 0 ? values.custom_services : null;
  const recipients =
    kind === 'update'
      ? { person_id: person, team_id: team, custom_services: services }
      : { ...(person ? { person_id: person } : {}), ...(team ? { team_id: team } : {}), ...(services ? { custom_services: services } : {}) };
  return {
    events: values.events,
    title: orNull(values.title),
    filter: orNull(values.filter),
    ...recipients,
    repeat_interval: orNull(values.repeat_interval),
    group_by_topology: values.group_by_topology,
    group_window: values.group_by_topology ? orNull(values.group_window.trim()) : null,
    template,
    properties: Object.keys(properties).length > 0 ? properties : null,
  };
}

/** Created here: the source the server keeps editable. */
export const CREATED_SOURCE = UI_SOURCE;
