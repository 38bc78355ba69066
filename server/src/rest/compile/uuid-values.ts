import { isUuid } from '@pharos/core';
import { RestError } from '../errors.js';
import type { FieldRef, FilterCondition } from '../parse/ast.js';
import type { RelationInfo } from '../schema/model.js';

/** Operators whose values are ids of the column's own type (not patterns, ranges or text searches). */
const ID_OPERATORS: ReadonlySet<string> = new Set(['eq', 'neq', 'in', 'isdistinct']);

/** The answer to an id that cannot be one: the filter is malformed, not a lookup that found nothing. */
export function malformedId(relation: string, column: string, value: string): RestError {
  return new RestError(400, '22P02', `'${value}' is not a valid id: ${relation}.${column} takes a UUID`, null, 'Ids look like 3f2b8c1e-5d4a-4e7b-9c21-8a6f0d2e4b17.');
}

function isUuidColumn(relation: RelationInfo, field: FieldRef): boolean {
  return field.jsonPath.length === 0 && relation.columnsByName.get(field.name)?.type === 'uuid';
}

/** Refuses, with the column and the value named, a filter comparing a uuid column with something that is no uuid. */
export function checkUuidFilter(filter: FilterCondition, relation: RelationInfo): void {
  if (!ID_OPERATORS.has(filter.operator) || !isUuidColumn(relation, filter.field)) return;
  const { value } = filter;
  const values = value.kind === 'list' ? value.values : value.kind === 'scalar' ? [value.value] : [];
  const bad = values.find((candidate) => !isUuid(candidate));
  if (bad !== undefined) throw malformedId(relation.name, filter.field.name, bad);
}
