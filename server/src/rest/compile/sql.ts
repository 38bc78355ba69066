import { RestError } from '../errors.js';

/** Collects bound values; every piece of client input reaches SQL through here. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast === undefined ? `$${this.values.length}` : `$${this.values.length}::${cast}`;
  }
}

/** Quotes a name known to the schema cache (or one of our own aliases). */
export function ident(name: string): string {
  // A NUL byte would end the statement text early on the wire.
  if (name.includes('\u0000')) throw new RestError(400, 'PGRST100', 'Names cannot contain the NUL character');
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(relation: string): string {
  return `"public".${ident(relation)}`;
}

/** Casts a select item may ask for, mapped to their SQL spelling. Nothing else reaches SQL. */
const CASTS: Readonly<Record<string, string>> = {
  text: 'text',
  varchar: 'varchar',
  char: 'char',
  int: 'integer',
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  integer: 'integer',
  smallint: 'smallint',
  bigint: 'bigint',
  numeric: 'numeric',
  decimal: 'numeric',
  real: 'real',
  float4: 'real',
  float8: 'double precision',
  'double precision': 'double precision',
  bool: 'boolean',
  boolean: 'boolean',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
  date: 'date',
  time: 'time',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  interval: 'interval',
  'text[]': 'text[]',
  'uuid[]': 'uuid[]',
  'int[]': 'integer[]',
  'integer[]': 'integer[]',
  'bigint[]': 'bigint[]',
};

export function castType(requested: string): string {
  const sql = CASTS[requested.toLowerCase().replace(/\s+/g, ' ')];
  if (sql === undefined) {
    throw new RestError(400, 'PGRST100', `failed to parse select parameter (cast to "${requested}")`, `unsupported cast; expecting one of ${Object.keys(CASTS).join(', ')}`);
  }
  return sql;
}
