import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

/**
 * Keeps the origin an administrator reached Pharos on, the first time one does (later calls change
 * nothing): links sent out use it while PHAROS_PUBLIC_URL is unset.
 */
export async function rememberAdministratorOrigin(db: Db, personId: string, origin: string): Promise<void> {
  await db.query(
    `insert into remembered_origin (origin, recorded_by)
     select $2, $1 where exists (select 1 from person_roles where person_id = $1 and role = 'admin')
     on conflict (singleton) do nothing`,
    [personId, origin],
  );
}

/** The origin remembered for links, or undefined before an administrator has signed in. */
export async function rememberedOrigin(db: Db): Promise<string | undefined> {
  const { rows } = await db.query<{ origin: string }>('select origin from remembered_origin');
  return rows[0]?.origin;
}
