import type { SummaryGroup, ValueFilter } from './summary-request.js';

/** Positional parameters of a query being written. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function groupExpression(group: SummaryGroup, params: Params): string {
  // Column names come from SUMMARY_GROUP_COLUMNS only; tag keys are parameters.
  return group.kind === 'tag' ? `c.tags ->> ${params.add(group.key)}::text` : `c.${group.name}::text`;
}

export function columnCondition(column: string, filter: ValueFilter, params: Params): string[] {
  const conditions: string[] = [];
  if (filter.include.length > 0) conditions.push(`${column} = ANY(${params.add(filter.include)}::text[])`);
  if (filter.exclude.length > 0) conditions.push(`(${column} IS NULL OR ${column} <> ALL(${params.add(filter.exclude)}::text[]))`);
  return conditions;
}
