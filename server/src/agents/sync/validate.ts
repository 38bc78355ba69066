import { Ajv, type ValidateFunction } from 'ajv';
import { syncTable, SYNC_TABLE_NAMES, type Column, type SyncTableName } from './tables.js';

/** A pushed value a person can act on: which table, which row, what is wrong. */
export class PushInputError extends Error {}

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const TEXT_MAX = 1_000_000;

function columnSchema(column: Column): Record<string, unknown> {
  const base = ((): Record<string, unknown> => {
    switch (column.type) {
      case 'uuid':
        return { type: 'string', pattern: UUID };
      case 'text':
        return { type: 'string', maxLength: TEXT_MAX };
      case 'time':
        return { type: 'string', pattern: TIME };
      case 'json':
        return {};
      case 'object':
        return { type: 'object' };
      case 'array':
        return { type: 'array' };
      case 'bool':
        return { type: 'boolean' };
      case 'int':
        return { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647 };
      case 'num':
        return { type: 'number' };
    }
  })();
  if (!column.nullable || column.type === 'json') return base;
  return { anyOf: [base, { type: 'null' }] };
}

const ajv = new Ajv({ allErrors: false, strict: true });

// Compiled on a table's first push rather than at start: compiling them all costs a start half a second.
const validators = new Map<SyncTableName, ValidateFunction>();

function validatorOf(name: SyncTableName): ValidateFunction | undefined {
  if (!SYNC_TABLE_NAMES.includes(name)) return undefined;
  let validate = validators.get(name);
  if (!validate) {
    const table = syncTable(name);
    validate = ajv.compile({
      type: 'object',
      properties: Object.fromEntries(table.columns.map((column) => [column.name, columnSchema(column)])),
      required: table.columns.map((column) => column.name),
      additionalProperties: false,
    });
    validators.set(name, validate);
  }
  return validate;
}

/** Throws PushInputError naming the table, the row and the first problem of a row that is not what the table takes. */
export function checkRows(name: SyncTableName, rows: readonly unknown[]): void {
  const validate = validatorOf(name);
  if (!validate) throw new PushInputError(`${name} cannot be pushed`);
  rows.forEach((row, index) => {
    if (validate(row)) return;
    const error = validate.errors?.[0];
    const where = error?.instancePath ? error.instancePath.slice(1) : '';
    const detail =
      error?.keyword === 'additionalProperties'
        ? `has a field "${String((error.params as { additionalProperty?: string }).additionalProperty)}" that ${name} rows do not take (agent_id and created_by are set by upstream)`
        : `${where ? `${where} ` : ''}${error?.message ?? 'is not valid'}`;
    throw new PushInputError(`${name}[${index}] ${detail}`);
  });
}
