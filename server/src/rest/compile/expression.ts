import type { FieldRef } from '../parse/ast.js';
import { RestError } from '../errors.js';
import type { ColumnInfo, RelationInfo } from '../schema/model.js';
import { ident, type Params } from './sql.js';

export function requireColumn(relation: RelationInfo, name: string): ColumnInfo {
  const column = relation.columnsByName.get(name);
  if (!column) {
    throw new RestError(
      400,
      '42703',
      `column ${relation.name}.${name} does not exist`,
      null,
      `The columns of '${relation.name}' are: ${relation.columns.map((c) => c.name).join(', ')}`,
    );
  }
  return column;
}

/** `"t0"."labels"->>$3::text`: JSON path keys are bound values, never spliced. */
export function fieldExpression(relation: RelationInfo, alias: string, field: FieldRef, params: Params): string {
  requireColumn(relation, field.name);
  let sql = `${ident(alias)}.${ident(field.name)}`;
  for (const step of field.jsonPath) {
    sql += `${step.arrow}${params.add(step.key, typeof step.key === 'number' ? 'integer' : 'text')}`;
  }
  return sql;
}
