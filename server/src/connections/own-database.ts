import type pg from 'pg';

/**
 * Tables of a Pharos database that hold identities, sessions, credentials or secrets: no connection
 * people can name may reach a Pharos database with a role that reads any of them.
 */
export const PRIVATE_TABLES: readonly string[] = [
  'people',
  'person_roles',
  'identities',
  'identity_credentials',
  'identity_credential_identifiers',
  'identity_verifiable_addresses',
  'identity_sessions',
  'identity_flows',
  'identity_flow_errors',
  'identity_login_failures',
  'identity_setup_tokens',
  'identity_code_events',
  'access_tokens',
  'courier_messages',
  'connections',
  'secret_store',
];

/** The comment migration 0050 puts on a Pharos database, seen from every database of its cluster. */
export const PHAROS_DATABASE_MARK = 'Pharos';

/** A connection that would reach a Pharos database with a role that reads its private tables. */
export class OwnDatabaseRefused extends Error {}

/** What the role of a session may do in the database it is connected to, told by that session. */
const REACH_SQL = `SELECT current_user AS role, current_database() AS database,
  current_setting('is_superuser') = 'on' AS superuser,
  to_regclass('public.identity_credentials') IS NOT NULL AND to_regclass('public.secret_store') IS NOT NULL AS pharos,
  (SELECT min(d.datname) FROM pg_shdescription s JOIN pg_database d ON d.oid = s.objoid
    WHERE s.classoid = 'pg_database'::regclass AND s.description = '${PHAROS_DATABASE_MARK}') AS marked,
  coalesce((SELECT bool_or(CASE WHEN to_regclass(t) IS NULL THEN false ELSE has_table_privilege(t, 'SELECT') END)
            FROM unnest($1::text[]) AS t), false) AS reads_private`;

interface Reach {
  role: string;
  database: string;
  superuser: boolean;
  pharos: boolean;
  /** A database of the cluster that migration 0050 marked as Pharos's. */
  marked: string | null;
  reads_private: boolean;
}

/**
 * Throws OwnDatabaseRefused when `client` (connected for a check, scraper, action, log backend or
 * connection test) is in a Pharos database as a role that may read its private tables — the
 * server's own role, a superuser or any role granted them — or is a superuser of a cluster that holds
 * a marked Pharos database. A role that reads only other tables, like the demo's reader, may be used.
 */
export async function refuseOwnDatabase(client: pg.Client): Promise<void> {
  const { rows } = await client.query<Reach>(REACH_SQL, [PRIVATE_TABLES.map((table) => `public.${table}`)]);
  const reach = rows[0];
  if (!reach) return;
  if (reach.superuser && reach.marked !== null && !reach.pharos) {
    throw new OwnDatabaseRefused(
      `This connection is a superuser (${reach.role}) of the PostgreSQL that holds Pharos's own database ${reach.marked}, which it could read: use a role that is not a superuser`,
    );
  }
  if (!reach.pharos || !(reach.superuser || reach.reads_private)) return;
  throw new OwnDatabaseRefused(
    `This connection reaches Pharos's own database ${reach.database} as ${reach.role}, a role that can read its identities, sessions and credentials: use a role that can read only the tables it needs (GRANT SELECT on them to a role of its own)`,
  );
}
