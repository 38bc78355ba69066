import { RestError } from '../errors.js';
import type { Relationship, SchemaModel } from '../schema/model.js';

/**
 * Finds the one relationship an embed means, as PostgREST does: by the target's name, by a
 * foreign-key column of the parent (`created_by(...)`), or by a constraint name; a hint
 * (`people!commander_id(...)`) picks among several.
 */
export function resolveRelationship(schema: SchemaModel, parent: string, name: string, hint: string | undefined): Relationship {
  const all = schema.relationships.get(parent) ?? [];
  let candidates: Relationship[];
  if (schema.relations.has(name)) {
    candidates = all.filter((r) => r.target === name);
    if (hint !== undefined) candidates = candidates.filter((r) => matchesHint(r, hint));
  } else {
    candidates = all.filter(
      (r) => (r.cardinality === 'many-to-one' && r.sourceColumns.length === 1 && r.sourceColumns[0] === name) || r.constraint === name,
    );
    if (hint !== undefined) candidates = candidates.filter((r) => r.target === hint || matchesHint(r, hint));
    // Named by its column, a key means the table it references, not the views over that table.
    const toTables = candidates.filter((r) => schema.relations.get(r.target)?.kind === 'table');
    if (toTables.length > 0) candidates = toTables;
  }

  if (candidates.length === 1 && candidates[0]) return candidates[0];
  // A table referencing itself (hypotheses.parent_id): its parent is embedded by the column,
  // `parent_id(*)`, so the table name with that hint means the children.
  const children = candidates.find((r) => r.cardinality === 'one-to-many' && r.source === r.target);
  if (hint !== undefined && candidates.length === 2 && children && candidates.every((r) => r.constraint === children.constraint && r.source === r.target)) {
    return children;
  }
  if (candidates.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${name}'${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema 'public', but no matches were found.`,
      'Embed a related table by its name or by a foreign-key column, e.g. created_by(id,name).',
    );
  }
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${name}'`,
    candidates.map((r) => `${r.cardinality} via ${r.constraint} using ${r.source}(${r.sourceColumns.join(', ')}) and ${r.target}(${r.targetColumns.join(', ')})`).join('; '),
    `Try changing '${name}' to one of the following: ${candidates.map((r) => `'${name}!${r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

function matchesHint(r: Relationship, hint: string): boolean {
  if (r.constraint === hint) return true;
  if (r.junction) return r.junction.relation === hint;
  const fkColumns = r.cardinality === 'many-to-one' ? r.sourceColumns : r.targetColumns;
  return fkColumns.length === 1 && fkColumns[0] === hint;
}
