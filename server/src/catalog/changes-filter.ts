/**
 * The filter expressions of POST /api/catalog/changes, as config-db's: a comma list of values, each
 * `!value` to exclude it; with `*` at either end a value matches as a pattern (case-insensitive),
 * otherwise exactly. Included values are alternatives; excluded ones all apply.
 */

export interface SqlParts {
  where: string[];
  params: unknown[];
}

export function addParam(parts: SqlParts, value: unknown): string {
  parts.params.push(value);
  return `$${parts.params.length}`;
}

function likePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/^\*|\*$/g, '%');
}

/** Adds the SQL of `expression` over `column` (a trusted column expression) to parts. */
export function addFilterExpression(parts: SqlParts, column: string, expression: string): void {
  const values = expression
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '' && v !== '!');
  const include: string[] = [];
  for (const raw of values) {
    const exclude = raw.startsWith('!');
    const value = exclude ? raw.slice(1) : raw;
    const pattern = value.startsWith('*') || value.endsWith('*');
    const test = pattern ? `${column} ILIKE ${addParam(parts, likePattern(value))}` : `${column} = ${addParam(parts, value)}`;
    if (exclude) parts.where.push(`(${column} IS NULL OR NOT (${test}))`);
    else include.push(test);
  }
  if (include.length > 0) parts.where.push(`(${include.join(' OR ')})`);
}
