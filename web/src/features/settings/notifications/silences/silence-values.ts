import { SELECTOR_TYPES, type SelectorType, type SilencePayload, type SilencePreviewRequest, type SilenceRow, type SilenceSelector } from './types';

export const SILENCE_REQUIRED_MESSAGE = 'This field is required';
export const SILENCE_WINDOW_MESSAGE = 'Until must be after From';
export const SILENCE_TARGET_MESSAGE = 'Give a filter or at least one selector';

export interface SelectorValues {
  type: SelectorType | '';
  id: string;
  name: string;
  labels: string;
}

/** What the silence form edits; times as `datetime-local` text in the browser's time zone. */
export interface SilenceFormValues {
  name: string;
  description: string;
  from: string;
  until: string;
  filter: string;
  selectors: SelectorValues[];
  notification_id: string;
}

export const EMPTY_SELECTOR: SelectorValues = { type: '', id: '', name: '', labels: '' };

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as `datetime-local` text (local time, to the minute). */
export function localInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `datetime-local` text as an ISO instant; undefined when it is not a time. */
export function instantOf(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const HOUR_MS = 3_600_000;

/** A new silence: from now for an hour, optionally about one resource of one notification. */
export function newSilence(seed: { name?: string; selector?: SilenceSelector; notificationId?: string } = {}, now = new Date()): SilenceFormValues {
  return {
    name: seed.name ?? '',
    description: '',
    from: localInput(now),
    until: localInput(new Date(now.getTime() + HOUR_MS)),
    filter: '',
    selectors: seed.selector ? [selectorValuesOf(seed.selector)] : [],
    notification_id: seed.notificationId ?? '',
  };
}

function selectorValuesOf(selector: SilenceSelector): SelectorValues {
  return { type: selector.type ?? '', id: selector.id ?? '', name: selector.name ?? '', labels: selector.labels ?? '' };
}

export function silenceValuesOf(row: SilenceRow): SilenceFormValues {
  return {
    name: row.name,
    description: row.description ?? '',
    from: localInput(new Date(row.from)),
    until: localInput(new Date(row.until)),
    filter: row.filter ?? '',
    selectors: (row.selectors ?? []).map(selectorValuesOf),
    notification_id: row.notification_id ?? '',
  };
}

/** The selectors the form names, without blank ones and blank fields. */
export function selectorsOf(values: SilenceFormValues): SilenceSelector[] {
  const selectors: SilenceSelector[] = [];
  for (const row of values.selectors) {
    const selector: SilenceSelector = {};
    if (row.type !== '' && (SELECTOR_TYPES as readonly string[]).includes(row.type)) selector.type = row.type;
    if (row.id.trim()) selector.id = row.id.trim();
    if (row.name.trim()) selector.name = row.name.trim();
    if (row.labels.trim()) selector.labels = row.labels.trim();
    if (Object.keys(selector).length > 0) selectors.push(selector);
  }
  return selectors;
}

export type SilenceErrors = Partial<Record<'name' | 'from' | 'until' | 'target', string>>;

export function validateSilence(values: SilenceFormValues): SilenceErrors {
  const errors: SilenceErrors = {};
  if (values.name.trim() === '') errors.name = SILENCE_REQUIRED_MESSAGE;
  const from = instantOf(values.from);
  const until = instantOf(values.until);
  if (!from) errors.from = SILENCE_REQUIRED_MESSAGE;
  if (!until) errors.until = SILENCE_REQUIRED_MESSAGE;
  else if (from && until <= from) errors.until = SILENCE_WINDOW_MESSAGE;
  if (values.filter.trim() === '' && selectorsOf(values).length === 0) errors.target = SILENCE_TARGET_MESSAGE;
  return errors;
}

export function silencePayloadOf(values: SilenceFormValues): SilencePayload {
  const selectors = selectorsOf(values);
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    from: instantOf(values.from) ?? new Date().toISOString(),
    until: instantOf(values.until) ?? new Date().toISOString(),
    filter: values.filter.trim() || null,
    selectors: selectors.length > 0 ? selectors : null,
    notification_id: values.notification_id || null,
  };
}

/** What the preview asks about; undefined while the silence names nothing to match. */
export function previewRequestOf(values: SilenceFormValues): SilencePreviewRequest | undefined {
  const filter = values.filter.trim();
  const selectors = selectorsOf(values);
  if (!filter && selectors.length === 0) return undefined;
  const from = instantOf(values.from);
  const until = instantOf(values.until);
  return {
    ...(filter ? { filter } : {}),
    ...(selectors.length > 0 ? { selectors } : {}),
    ...(values.notification_id ? { notification_id: values.notification_id } : {}),
    ...(from ? { from } : {}),
    ...(until ? { until } : {}),
  };
}
