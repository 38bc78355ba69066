import { messages, type UiText } from './messages.js';

/** The traits of every identity (the one identity schema, `default`). */
export interface Traits {
  email: string;
  name: { first: string; last: string };
}

export const SCHEMA_ID = 'default';

/** The JSON schema served at /schemas/default, as Kratos serves an identity schema. */
export const IDENTITY_SCHEMA = {
  $id: 'https://pharos.dev/schemas/identity.default.json',
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Person',
  type: 'object',
  properties: {
    traits: {
      type: 'object',
      properties: {
        email: {
          type: 'string',
          format: 'email',
          title: 'E-Mail',
          minLength: 3,
          maxLength: 320,
          'ory.sh/kratos': { credentials: { password: { identifier: true } }, verification: { via: 'email' }, recovery: { via: 'email' } },
        },
        name: {
          type: 'object',
          properties: {
            first: { type: 'string', title: 'First Name', maxLength: 200 },
            last: { type: 'string', title: 'Last Name', maxLength: 200 },
          },
        },
      },
      required: ['email'],
      additionalProperties: false,
    },
  },
} as const;

export const TRAIT_FIELDS = [
  { name: 'traits.email', title: 'E-Mail', type: 'email', autocomplete: 'email', required: true },
  { name: 'traits.name.first', title: 'First Name', type: 'text', autocomplete: 'given-name', required: false },
  { name: 'traits.name.last', title: 'Last Name', type: 'text', autocomplete: 'family-name', required: false },
] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 320 && EMAIL.test(value);
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Display name of a person from traits: "First Last", else the email's local part. */
export function displayName(traits: Traits): string {
  const full = `${traits.name.first} ${traits.name.last}`.trim();
  return full || (traits.email.split('@')[0] ?? traits.email);
}

/** Reads traits from an identity row's jsonb, tolerating missing parts. */
export function traitsFrom(value: unknown): Traits {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const name = typeof record['name'] === 'object' && record['name'] !== null ? (record['name'] as Record<string, unknown>) : {};
  return {
    email: typeof record['email'] === 'string' ? record['email'] : '',
    name: {
      first: typeof name['first'] === 'string' ? name['first'] : '',
      last: typeof name['last'] === 'string' ? name['last'] : '',
    },
  };
}

export interface TraitsInput {
  email: string | undefined;
  first: string | undefined;
  last: string | undefined;
}

/** Validates submitted traits; errors are keyed by node name (traits.email …). */
export function validateTraits(input: TraitsInput): { traits: Traits; errors: Array<{ name: string; message: UiText }> } {
  const errors: Array<{ name: string; message: UiText }> = [];
  const email = (input.email ?? '').trim();
  if (email === '') errors.push({ name: 'traits.email', message: messages.required('email') });
  else if (!isEmail(email)) errors.push({ name: 'traits.email', message: messages.invalidFormat(email, 'email') });
  const first = (input.first ?? '').trim();
  const last = (input.last ?? '').trim();
  if (first.length > 200) errors.push({ name: 'traits.name.first', message: messages.generic('length must be <= 200') });
  if (last.length > 200) errors.push({ name: 'traits.name.last', message: messages.generic('length must be <= 200') });
  return { traits: { email: normalizeEmail(email), name: { first, last } }, errors };
}
