import type { Role } from '@pharos/core';
import type pg from 'pg';
import { transaction } from '../../../db/transaction.js';
import { createIdentity, DuplicateIdentityError, getCredential, identityIdByEmail, markAddressVerified } from '../identities.js';
import type { OidcConfig } from './config.js';
import type { OidcClaims } from './relying-party.js';

/** A sign-in the provider vouched for but Pharos refuses, with the reason to show. */
export class OidcAccountRefused extends Error {}

interface ProviderLink {
  issuer: string;
  subject: string;
  /** What the provider's groups gave at the last sign-in. */
  roles: Role[];
  teams: string[];
}

function identifierOf(issuer: string, subject: string): string {
  return `${issuer}#${subject}`;
}

async function linkedIdentity(client: pg.PoolClient, issuer: string, subject: string): Promise<string | null> {
  const { rows } = await client.query<{ identity_id: string }>(
    `select c.identity_id from identity_credential_identifiers ci
       join identity_credentials c on c.id = ci.identity_credential_id
      where ci.credential_type = 'oidc' and ci.identifier = $1`,
    [identifierOf(issuer, subject)],
  );
  return rows[0]?.identity_id ?? null;
}

function linksOf(config: Record<string, unknown> | undefined): ProviderLink[] {
  const providers = config?.['providers'];
  return Array.isArray(providers) ? (providers as ProviderLink[]) : [];
}

/** Provider accounts the person unlinked: never linked again by email, only from their settings. */
function unlinkedOf(config: Record<string, unknown> | undefined): Array<{ issuer: string; subject: string }> {
  const unlinked = config?.['unlinked'];
  return Array.isArray(unlinked) ? (unlinked as Array<{ issuer: string; subject: string }>) : [];
}

/** Records the link and what it gave this time; keeps links to other issuers. */
async function saveLink(client: pg.PoolClient, identityId: string, link: ProviderLink): Promise<void> {
  const existing = await getCredential(client, identityId, 'oidc', true);
  const others = linksOf(existing?.config).filter((item) => item.issuer !== link.issuer);
  const unlinked = unlinkedOf(existing?.config).filter((item) => item.issuer !== link.issuer || item.subject !== link.subject);
  // Another account at the same provider, linked before, gives way to this one.
  for (const replaced of linksOf(existing?.config).filter((item) => item.issuer === link.issuer && item.subject !== link.subject)) {
    await client.query("delete from identity_credential_identifiers where credential_type = 'oidc' and identifier = $1", [identifierOf(replaced.issuer, replaced.subject)]);
  }
  const { rows } = await client.query<{ id: string }>(
    `insert into identity_credentials (identity_id, type, config) values ($1, 'oidc', $2)
     on conflict (identity_id, type) do update set config = excluded.config returning id`,
    [identityId, { providers: [...others, link], unlinked }],
  );
  const credentialId = rows[0]?.id;
  if (!credentialId) throw new Error('Could not store the provider link');
  await client.query(
    `insert into identity_credential_identifiers (credential_type, identifier, identity_credential_id) values ('oidc', $1, $2)
     on conflict (credential_type, identifier) do nothing`,
    [identifierOf(link.issuer, link.subject), credentialId],
  );
}

/** The identity of an existing account with this email, linked only when the provider verified it. */
async function identityToLink(client: pg.PoolClient, issuer: string, claims: OidcClaims & { email: string }, providerName: string): Promise<string | null> {
  await client.query('select pg_advisory_xact_lock(hashtext(lower($1)))', [claims.email]);
  const existing = await identityIdByEmail(client, claims.email);
  if (!existing) return null;
  const credential = await getCredential(client, existing, 'oidc');
  if (unlinkedOf(credential?.config).some((item) => item.issuer === issuer && item.subject === claims.subject)) {
    throw new OidcAccountRefused(
      `You unlinked ${providerName} from your Pharos account. Sign in with your password and link it again under 'Manage Social Sign In'.`,
    );
  }
  if (!claims.emailVerified) {
    throw new OidcAccountRefused(
      `An account with ${claims.email} exists already, but ${providerName} does not say that this email is verified, so it is not linked. ` +
        'Sign in with your password, or ask your identity provider administrator to verify the address.',
    );
  }
  return existing;
}

async function teamId(client: pg.PoolClient, name: string): Promise<string> {
  const found = await client.query<{ id: string }>('select id from teams where name = $1 and deleted_at is null order by created_at limit 1', [name]);
  const id = found.rows[0]?.id;
  if (id) return id;
  const created = await client.query<{ id: string }>("insert into teams (name, source, created_by) values ($1, 'oidc', null) returning id", [name]);
  const createdId = created.rows[0]?.id;
  if (!createdId) throw new Error(`Could not create the team ${name}`);
  return createdId;
}

/**
 * Takes the admin role back unless the person is the last administrator (the database refuses
 * that): then it stays, rather than the sign-in failing.
 */
async function removeAdmin(client: pg.PoolClient, personId: string): Promise<boolean> {
  await client.query('savepoint remove_admin');
  try {
    await client.query("delete from person_roles where person_id = $1 and role = 'admin'", [personId]);
    await client.query('set constraints person_roles_keep_an_admin immediate');
  } catch (error) {
    if ((error as { code?: string }).code !== 'P0001') throw error;
    await client.query('rollback to savepoint remove_admin');
    await client.query('set constraints person_roles_keep_an_admin deferred');
    return false;
  }
  await client.query('set constraints person_roles_keep_an_admin deferred');
  await client.query('release savepoint remove_admin');
  return true;
}

/**
 * Gives what the groups map to and takes back what the provider gave last time but no group gives
 * now; roles and teams an administrator gave stay.
 */
async function applyGroups(client: pg.PoolClient, identityId: string, config: OidcConfig, groups: readonly string[], previous: ProviderLink | undefined): Promise<Pick<ProviderLink, 'roles' | 'teams'>> {
  const member = new Set(groups);
  const roles = [...new Set(config.roleMap.filter((entry) => member.has(entry.group)).map((entry) => entry.role))];
  const teams = [...new Set(config.teamMap.filter((entry) => member.has(entry.group)).map((entry) => entry.team))];
  const lostRoles = (previous?.roles ?? []).filter((role) => !roles.includes(role));
  const lostTeams = (previous?.teams ?? []).filter((team) => !teams.includes(team));
  const kept = lostRoles.includes('admin') && !(await removeAdmin(client, identityId)) ? (['admin'] as Role[]) : [];
  const removable = lostRoles.filter((role) => role !== 'admin');
  if (removable.length > 0) await client.query('delete from person_roles where person_id = $1 and role = any($2::text[])', [identityId, removable]);
  if (roles.length > 0) {
    await client.query('insert into person_roles (person_id, role) select $1, r from unnest($2::text[]) r on conflict do nothing', [identityId, roles]);
  }
  if (lostTeams.length > 0) {
    await client.query('delete from team_members m using teams t where m.team_id = t.id and m.person_id = $1 and t.name = any($2::text[])', [identityId, lostTeams]);
  }
  for (const team of teams) {
    await client.query('insert into team_members (team_id, person_id) values ($1, $2) on conflict do nothing', [await teamId(client, team), identityId]);
  }
  // Kept as given by the provider, so that the next sign-in tries again to take it back.
  return { roles: [...roles, ...kept], teams };
}

/**
 * The identity signing in: the one linked to the subject, else the account with the provider's
 * verified email (then linked), else a new account. Roles and teams follow the groups each time.
 */
export async function signInIdentity(pool: pg.Pool, config: OidcConfig, claims: OidcClaims): Promise<string> {
  return transaction(pool, async (client) => {
    let identityId = await linkedIdentity(client, config.issuer, claims.subject);
    if (!identityId) {
      const email = claims.email;
      if (!email) throw new OidcAccountRefused(`${config.name} did not share an email address, which Pharos needs for the account. Ask your administrator to release the email claim to Pharos.`);
      identityId = await identityToLink(client, config.issuer, { ...claims, email }, config.name);
      if (identityId) await markAddressVerified(client, identityId, email);
      else {
        identityId = await createIdentity(client, { traits: { email, name: claims.name }, roles: [], verified: claims.emailVerified, adoptExistingPerson: claims.emailVerified }).catch(
          (error: unknown) => {
            // A person made for an API token, whom an unverified email must not take over.
            if (error instanceof DuplicateIdentityError) throw new OidcAccountRefused(`${email} belongs to somebody else in Pharos, and ${config.name} does not say that this email is verified, so no account is made for it.`);
            throw error;
          },
        );
      }
    }
    await enableIfProviderDisabled(client, identityId, config.issuer);
    const state = await client.query<{ state: string }>(
      'select i.state from identities i join people p on p.id = i.id where i.id = $1 and p.deleted_at is null',
      [identityId],
    );
    if (state.rows[0]?.state !== 'active') throw new OidcAccountRefused('Your Pharos account is disabled. Ask an administrator to enable it.');
    const previous = linksOf((await getCredential(client, identityId, 'oidc', true))?.config).find((link) => link.issuer === config.issuer);
    const given =
      config.roleMap.length > 0 || config.teamMap.length > 0 ? await applyGroups(client, identityId, config, claims.groups, previous) : { roles: [], teams: [] };
    await saveLink(client, identityId, { issuer: config.issuer, subject: claims.subject, ...given });
    return identityId;
  });
}

/**
 * An account Pharos disabled because the provider stopped listing the person is enabled again when
 * the provider signs them in once more; one an administrator disabled stays disabled.
 */
async function enableIfProviderDisabled(client: pg.PoolClient, identityId: string, issuer: string): Promise<void> {
  const { rowCount } = await client.query(
    'update identity_oidc_grants set disabled_at = null where identity_id = $1 and issuer = $2 and disabled_at is not null',
    [identityId, issuer],
  );
  if ((rowCount ?? 0) > 0) await client.query("update identities set state = 'active' where id = $1 and state = 'inactive'", [identityId]);
}

/** Applies the groups the provider lists now (a recheck, without a sign-in) to roles and teams. */
export async function refreshGroups(pool: pg.Pool, config: OidcConfig, identityId: string, claims: OidcClaims): Promise<void> {
  if (config.roleMap.length === 0 && config.teamMap.length === 0) return;
  await transaction(pool, async (client) => {
    const previous = linksOf((await getCredential(client, identityId, 'oidc', true))?.config).find((link) => link.issuer === config.issuer);
    if (!previous || previous.subject !== claims.subject) return;
    const given = await applyGroups(client, identityId, config, claims.groups, previous);
    await saveLink(client, identityId, { issuer: config.issuer, subject: claims.subject, ...given });
  });
}

/** Whether the identity is linked to the configured provider. */
export async function isLinked(db: pg.Pool, identityId: string, issuer: string): Promise<boolean> {
  const { rows } = await db.query<{ config: Record<string, unknown> }>("select config from identity_credentials where identity_id = $1 and type = 'oidc'", [identityId]);
  return linksOf(rows[0]?.config).some((link) => link.issuer === issuer);
}

/** Links the signed-in person's account to the provider account they just signed in to (settings). */
export async function linkIdentity(pool: pg.Pool, config: OidcConfig, identityId: string, claims: OidcClaims): Promise<void> {
  await transaction(pool, async (client) => {
    const owner = await linkedIdentity(client, config.issuer, claims.subject);
    if (owner && owner !== identityId) throw new OidcAccountRefused(`This ${config.name} account is linked to another Pharos account already.`);
    const previous = linksOf((await getCredential(client, identityId, 'oidc', true))?.config).find((link) => link.issuer === config.issuer);
    await saveLink(client, identityId, { issuer: config.issuer, subject: claims.subject, roles: previous?.roles ?? [], teams: previous?.teams ?? [] });
  });
}

/**
 * Unlinks the provider; the provider account is then not linked again by its email. Refused while
 * the provider is the person's only way to sign in.
 */
export async function unlinkIdentity(pool: pg.Pool, config: OidcConfig, identityId: string, passwordLogin: boolean): Promise<void> {
  await transaction(pool, async (client) => {
    const password = await getCredential(client, identityId, 'password');
    if (!password || !passwordLogin) {
      throw new OidcAccountRefused(`${config.name} is your only way to sign in to Pharos, so it cannot be unlinked${passwordLogin ? ': set a password first' : ''}.`);
    }
    const credential = await getCredential(client, identityId, 'oidc', true);
    if (!credential) return;
    const links = linksOf(credential.config);
    const removed = links.filter((link) => link.issuer === config.issuer);
    const unlinked = [...unlinkedOf(credential.config), ...removed.map(({ issuer, subject }) => ({ issuer, subject }))];
    await client.query('update identity_credentials set config = $2 where id = $1', [credential.id, { providers: links.filter((link) => link.issuer !== config.issuer), unlinked }]);
    for (const link of removed) {
      await client.query("delete from identity_credential_identifiers where credential_type = 'oidc' and identifier = $1", [identifierOf(link.issuer, link.subject)]);
    }
    // An unlinked provider no longer speaks for the account, so it is not asked about it either.
    await client.query('delete from identity_oidc_grants where identity_id = $1 and issuer = $2', [identityId, config.issuer]);
  });
}
