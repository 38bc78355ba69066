import type { UiNode } from '@ory/client-fetch';
import type { FlowBody } from '../api/flows';
import { inputAttributes, isButton } from './nodes';

export type FormValues = Record<string, unknown>;

/**
 * Initial values: each input's value from the server, except buttons and submits (only the
 * clicked one is sent). A checkbox starts as a boolean.
 */
export function initialValues(nodes: readonly UiNode[]): FormValues {
  const values: FormValues = {};
  for (const node of nodes) {
    const attributes = inputAttributes(node);
    if (!attributes || isButton(attributes)) continue;
    if (attributes.type === 'checkbox') values[attributes.name] = attributes.value === true || attributes.value === 'true';
    else values[attributes.name] = attributes.value ?? '';
  }
  return values;
}

/** `{'traits.name.first': 'Ada'}` → `{traits: {name: {first: 'Ada'}}}`, as the identity API reads JSON. */
export function unflatten(values: FormValues): FlowBody {
  const result: FlowBody = {};
  for (const [name, value] of Object.entries(values)) {
    const path = name.split('.');
    let target: Record<string, unknown> = result;
    for (const segment of path.slice(0, -1)) {
      const next = target[segment];
      if (typeof next === 'object' && next !== null && !Array.isArray(next)) {
        target = next as Record<string, unknown>;
      } else {
        const created: Record<string, unknown> = {};
        target[segment] = created;
        target = created;
      }
    }
    target[path[path.length - 1] ?? name] = value;
  }
  return result;
}

/** The button a submission is made with: its name and its value as the server gave it. */
export interface Submitter {
  name: string;
  value: unknown;
}

/** The body of a submission: the values, the extra values, and the clicked button. */
export function submissionBody(values: FormValues, submitter: Submitter | null, extra: FormValues = {}): FlowBody {
  const all: FormValues = { ...values, ...extra };
  if (submitter?.name) all[submitter.name] = submitter.value;
  return unflatten(all);
}
