import type { Role } from '@pharos/core';
import type pg from 'pg';

export interface PersonInput {
  email: string;
  /** Defaults to the email's local part. */
  name?: string;
}

function localPart(email: string): string {
  return email.split('@')[0] ?? email;
}

/**
 * The id of the (not deleted) person with this email, matched case-insensitively, created if there is
 * none. Call inside a transaction: an advisory lock serialises concurrent calls for one email.
 */
export async function ensurePerson(client: pg.ClientBase, input: PersonInput): Promise<string> {
  await client.query('select pg_advisory_xact_lock(hashtext(lower($1)))', [input.email]);
  const existing = await client.query<{ id: string }>(
    'select id from people where lower(email) = lower($1) and deleted_at is null order by created_at limit 1',
    [input.email],
  );
  const found = existing.rows[0];
  if (found) {
    await assertVerifiedAccount(client, found.id, input.email);
    return found.id;
  }
  const created = await client.query<{ id: string }>(
    'insert into people (name, email) values ($1, $2) returning id',
    [input.name ?? localPart(input.email), input.email],
  );
  const row = created.rows[0];
  if (!row) throw new Error(`Could not create a person for ${input.email}`);
  return row.id;
}

/** Thrown for a person who signs in with an email they have not proved they read. */
export class UnverifiedAccountError extends Error {
  constructor(email: string) {
    super(
      `The account of ${email} has not verified its email address, so nothing is given to it: ` +
        'its owner must verify the address first (the code sent at sign-up, or a new one from the verification page)',
    );
  }
}

/**
 * Roles and tokens go to accounts, not to strings: a person whose identity has not verified `email`
 * may be somebody who typed an address they do not own.
 */
export async function assertVerifiedAccount(client: pg.ClientBase, personId: string, email: string): Promise<void> {
  const { rows } = await client.query<{ verified: boolean }>(
    `select exists (select 1 from identity_verifiable_addresses a
                     where a.identity_id = i.id and a.value = lower($2) and a.verified) as verified
       from identities i where i.id = $1`,
    [personId, email],
  );
  const identity = rows[0];
  if (identity && !identity.verified) throw new UnverifiedAccountError(email);
}

/** Gives the person each of `roles` they do not have yet; never removes a role. */
export async function grantRoles(client: pg.ClientBase, personId: string, roles: readonly Role[]): Promise<void> {
  if (roles.length === 0) return;
  await client.query(
    `insert into person_roles (person_id, role)
     select $1, r from unnest($2::text[]) as r
     where not exists (select 1 from person_roles pr where pr.person_id = $1 and pr.role = r)`,
    [personId, [...roles]],
  );
}
