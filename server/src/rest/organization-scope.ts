import type { RelationInfo } from './schema/model.js';
import { ident, qualified, type Params } from './compile/sql.js';

/**
 * Organization mode: whose addresses and roles a caller may see through the data service. The
 * members of the caller's current organization and the caller themself; a caller without one (an
 * API token) sees only themself.
 */
export interface PersonScope {
  personId: string;
  organizationId: string | null;
}

/** The SQL a relation is read from, wherever a request names it (root, embedding, junction, related order). */
export type SourceOf = (relation: RelationInfo) => string;

export const unscopedSource: SourceOf = (relation) => qualified(relation.name);

/** Columns of `people` that only the visible people show; name and avatar still resolve for everyone (e.g. a check's `created_by`). */
const PRIVATE_PEOPLE_COLUMNS: ReadonlySet<string> = new Set(['email', 'external_id', 'properties', 'last_login']);

/**
 * Reads of the person relations limited to `scope`, each a subquery with the relation's own columns
 * so that filters, embeddings and ordering work unchanged; every other relation is read as it is.
 * The organization and caller are bound parameters of the same statement.
 */
export function scopedSources(scope: PersonScope, params: Params): SourceOf {
  // Each bound once, when first used: PostgreSQL refuses a parameter the statement never uses.
  let person: string | undefined;
  let organization: string | undefined;
  const values = {
    get person(): string {
      return (person ??= params.add(scope.personId, 'uuid'));
    },
    get organization(): string {
      return (organization ??= params.add(scope.organizationId, 'uuid'));
    },
  };
  const members = (): string => `SELECT "m"."person_id" FROM "public"."organization_members" AS "m" WHERE "m"."organization_id" = ${values.organization}`;
  const visible = (column: string): string => `(${column} = ${values.person} OR ${column} IN (${members()}))`;
  const columnsOf = (relation: RelationInfo, alias: string, replace: (name: string) => string | undefined): string =>
    relation.columns.map((c) => `${replace(c.name) ?? `${ident(alias)}.${ident(c.name)}`} AS ${ident(c.name)}`).join(', ');

  return (relation) => {
    switch (relation.name) {
      case 'people':
        return `(SELECT ${columnsOf(relation, 'p', (name) =>
          PRIVATE_PEOPLE_COLUMNS.has(name) ? `CASE WHEN ${visible('"p"."id"')} THEN "p".${ident(name)} END` : undefined,
        )} FROM "public"."people" AS "p")`;
      case 'identities':
        return `(SELECT ${columnsOf(relation, 'i', () => undefined)} FROM "public"."identities" AS "i" WHERE ${visible('"i"."id"')})`;
      // A member's roles are the one role they hold in the organization.
      case 'people_roles':
        return `(SELECT ${columnsOf(relation, 'v', (name) => (name === 'roles' ? `CASE WHEN "r"."role" IS NULL THEN '{}'::text[] ELSE ARRAY["r"."role"] END` : undefined))}
          FROM "public"."people_roles" AS "v"
          LEFT JOIN "public"."organization_members" AS "r" ON "r"."person_id" = "v"."id" AND "r"."organization_id" = ${values.organization}
          WHERE "r"."person_id" IS NOT NULL OR "v"."id" = ${values.person})`;
      case 'person_roles':
        return `(SELECT ${columnsOf(relation, 'r', () => undefined)} FROM "public"."organization_members" AS "r" WHERE "r"."organization_id" = ${values.organization})`;
      // A rule's person recipient is shown as in `people`: name and avatar for anyone, the address for members.
      case 'notifications_summary':
        return `(SELECT ${columnsOf(relation, 'n', (name) =>
          name === 'person' ? `CASE WHEN "n"."person_id" IS NULL OR ${visible('"n"."person_id"')} THEN "n"."person" ELSE "n"."person" - 'email' END` : undefined,
        )} FROM "public"."notifications_summary" AS "n")`;
      default:
        return qualified(relation.name);
    }
  };
}
