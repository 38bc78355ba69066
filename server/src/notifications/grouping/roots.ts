import type pg from 'pg';

/** What a send is about, as grouping reads it. */
export interface Dependent {
  type: string;
  id: string;
}

export interface Root {
  id: string;
  name: string;
}

/** Guards against a parent cycle written around the topology engine. */
const MAX_DEPTH = 64;

const ROOTS = `with recursive start as (
    select s.key, r.component_id as id
      from unnest($1::text[], $2::uuid[]) as s(key, check_id)
      join check_component_relationships r on r.check_id = s.check_id and r.deleted_at is null
    union all
    select s.key, s.component_id from unnest($3::text[], $4::uuid[]) as s(key, component_id)
  ), up as (
    select st.key, c.id, c.parent_id, c.name, c.health, 0 as depth
      from start st join components c on c.id = st.id and c.deleted_at is null
    union all
    select up.key, p.id, p.parent_id, p.name, p.health, up.depth + 1
      from up join components p on p.id = up.parent_id and p.deleted_at is null
     where up.depth < ${MAX_DEPTH}
  )
  select distinct on (key) key, id::text, name from up where health = 'unhealthy' order by key, depth desc, id`;

export const keyOf = (dependent: Dependent): string => `${dependent.type}:${dependent.id}`;

/**
 * The root each check or component fails under: the topmost unhealthy component among the
 * components a check is linked to (or the component itself) and their ancestors. By `keyOf`; a
 * resource with no unhealthy component above it has none.
 */
export async function rootsOf(db: Pick<pg.Pool, 'query'>, dependents: readonly Dependent[]): Promise<Map<string, Root>> {
  const checks = dependents.filter((dependent) => dependent.type === 'check');
  const components = dependents.filter((dependent) => dependent.type === 'component');
  if (checks.length === 0 && components.length === 0) return new Map();
  const { rows } = await db.query<{ key: string; id: string; name: string }>(ROOTS, [checks.map(keyOf), checks.map((check) => check.id), components.map(keyOf), components.map((component) => component.id)]);
  return new Map(rows.map((row) => [row.key, { id: row.id, name: row.name }]));
}

const WITH_ANCESTORS = `select s.key from unnest($1::text[], $2::uuid[]) as s(key, check_id)
   where exists (select 1 from check_component_relationships r join components c on c.id = r.component_id
                  where r.check_id = s.check_id and r.deleted_at is null and c.deleted_at is null)
  union
  select s.key from unnest($3::text[], $4::uuid[]) as s(key, component_id) join components c on c.id = s.component_id
   where exists (select 1 from components p where p.id = c.parent_id and p.deleted_at is null)`;

/**
 * The checks and components (by `keyOf`) that a component above could fail over: a check linked to
 * a component, a component with a parent. Only these can have a root whose health has yet to follow.
 */
export async function withAncestors(db: Pick<pg.Pool, 'query'>, dependents: readonly Dependent[]): Promise<Set<string>> {
  const checks = dependents.filter((dependent) => dependent.type === 'check');
  const components = dependents.filter((dependent) => dependent.type === 'component');
  if (checks.length === 0 && components.length === 0) return new Set();
  const { rows } = await db.query<{ key: string }>(WITH_ANCESTORS, [checks.map(keyOf), checks.map((check) => check.id), components.map(keyOf), components.map((component) => component.id)]);
  return new Set(rows.map((row) => row.key));
}
