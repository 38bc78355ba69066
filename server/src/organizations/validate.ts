import { isRole, type Role } from '@pharos/core';
import { isEmail, normalizeEmail } from '../auth/identity/schema.js';
import { SECOND_FACTOR_POLICIES, type SecondFactorPolicy } from './organization.js';

export const SLUG_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_SESSION_LIFESPAN_SECONDS = 366 * 86_400;

/** A message a person can act on, naming the field it is about. */
export class InvalidInput extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function organizationName(value: unknown): string {
  const name = text(value);
  if (name === '' || name.length > 200) throw new InvalidInput('name', 'Please provide the organization name (up to 200 characters)');
  return name;
}

export function organizationSlug(value: unknown): string {
  const slug = text(value);
  if (!SLUG_PATTERN.test(slug)) {
    throw new InvalidInput('slug', 'The slug must be 1 to 63 lowercase letters, digits or hyphens, starting and ending with a letter or digit');
  }
  return slug;
}

/** A slug made from a name when none is given: "Acme Ops" → "acme-ops". */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

export interface NewOrganizationInput {
  name: string;
  slug: string;
}

export function newOrganization(body: unknown): NewOrganizationInput {
  const input = record(body);
  const name = organizationName(input['name']);
  const slug = input['slug'] === undefined || input['slug'] === '' ? slugFromName(name) : input['slug'];
  return { name, slug: organizationSlug(slug) };
}

export interface OrganizationChanges {
  name?: string;
  slug?: string;
  backend_url?: string | null;
  direct?: boolean;
  require_second_factor?: SecondFactorPolicy;
  session_lifespan_seconds?: number | null;
}

function backendUrl(value: unknown): string | null {
  if (value === null || value === '') return null;
  const raw = text(value);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidInput('backend_url', `The backend URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidInput('backend_url', 'The backend URL must start with http:// or https://');
  if (url.username || url.password || url.search || url.hash) {
    throw new InvalidInput('backend_url', 'The backend URL must be the address of a Pharos, without credentials, query or fragment');
  }
  return url.toString().replace(/\/+$/, '');
}

function sessionLifespan(value: unknown): number | null {
  if (value === null || value === '') return null;
  const seconds = typeof value === 'number' ? value : Number(text(value));
  if (!Number.isInteger(seconds) || seconds < 60 || seconds > MAX_SESSION_LIFESPAN_SECONDS) {
    throw new InvalidInput('session_lifespan_seconds', 'The session lifetime must be a whole number of seconds from 60 to 31622400 (366 days), or empty for the default');
  }
  return seconds;
}

/** The fields of a PATCH of the organization profile; public metadata and policy may come nested, as they are answered. */
export function organizationChanges(body: unknown): OrganizationChanges {
  const input = record(body);
  const metadata = record(input['publicMetadata']);
  const policy = record(input['policy']);
  const changes: OrganizationChanges = {};
  if (input['name'] !== undefined) changes.name = organizationName(input['name']);
  if (input['slug'] !== undefined) changes.slug = organizationSlug(input['slug']);
  if (metadata['backend_url'] !== undefined) changes.backend_url = backendUrl(metadata['backend_url']);
  if (metadata['direct'] !== undefined) {
    if (typeof metadata['direct'] !== 'boolean') throw new InvalidInput('direct', 'direct must be true or false');
    changes.direct = metadata['direct'];
  }
  const factor = policy['require_second_factor'];
  if (factor !== undefined) {
    if (typeof factor !== 'string' || !(SECOND_FACTOR_POLICIES as readonly string[]).includes(factor)) {
      throw new InvalidInput('require_second_factor', 'The second-factor policy must be one of none, admins, all');
    }
    changes.require_second_factor = factor as SecondFactorPolicy;
  }
  if (policy['session_lifespan_seconds'] !== undefined) changes.session_lifespan_seconds = sessionLifespan(policy['session_lifespan_seconds']);
  if (Object.keys(changes).length === 0) throw new InvalidInput('body', 'Nothing to change: send name, slug, publicMetadata or policy');
  return changes;
}

export function memberRole(body: unknown): Role {
  const role = text(record(body)['role']);
  if (!isRole(role)) throw new InvalidInput('role', 'Please select any role');
  return role;
}

export interface InvitationInput {
  email: string;
  role: Role;
}

export function invitation(body: unknown): InvitationInput {
  const input = record(body);
  const email = text(input['email']);
  if (email === '') throw new InvalidInput('email', 'Please provide valid email');
  if (!isEmail(email)) throw new InvalidInput('email', 'Entered value does not match email format');
  return { email: normalizeEmail(email), role: memberRole(input) };
}
