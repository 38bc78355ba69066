import { useCallback, useState } from 'react';

export const REQUIRED_MESSAGE = 'This field is required';
export const NUMBER_MESSAGE = 'This field must be a number';

export interface FieldRules {
  required?: boolean;
  number?: boolean;
  /** The smallest number allowed (health-check numbers: 0). */
  min?: number;
}

/** The message a field's value earns under its rules, or undefined when it is valid. */
export function fieldError(value: string | number | boolean | null | undefined, rules: FieldRules): string | undefined {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text === '') return rules.required ? REQUIRED_MESSAGE : undefined;
  if (rules.number || rules.min !== undefined) {
    const number = Number(text);
    if (!Number.isFinite(number)) return NUMBER_MESSAGE;
    if (rules.min !== undefined && number < rules.min) return `This field must be at least ${rules.min}`;
  }
  return undefined;
}

/**
 * Which fields a person has left (blurred) or the form tried to submit: a field shows its message
 * only then, not while it is first typed into.
 */
export function useTouched() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const touch = useCallback((field: string) => setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field))), []);
  const shows = useCallback((field: string) => submitted || touched.has(field), [submitted, touched]);
  return { touch, shows, submit: () => setSubmitted(true), reset: () => (setTouched(new Set()), setSubmitted(false)) };
}
