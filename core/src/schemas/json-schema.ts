/** The subset of JSON Schema (draft-07) the spec schemas use, typed so schema objects are checked. */

export const JSON_SCHEMA_DRAFT = 'http://json-schema.org/draft-07/schema#';

export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $comment?: string;
  title?: string;
  description?: string;
  type?: JsonSchemaType | readonly JsonSchemaType[];
  enum?: readonly JsonValue[];
  const?: JsonValue;
  default?: JsonValue;
  examples?: readonly JsonValue[];
  // strings
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  // numbers
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  // arrays
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  // objects
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  // composition
  allOf?: readonly JsonSchema[];
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  not?: JsonSchema;
  if?: JsonSchema;
  then?: JsonSchema;
  else?: JsonSchema;
  definitions?: Readonly<Record<string, JsonSchema>>;
}

/** `{ $ref: '#/definitions/<name>' }`. */
export function ref(definition: string): JsonSchema {
  return { $ref: `#/definitions/${definition}` };
}

/** An array of `items`. */
export function arrayOf(items: JsonSchema, extra: Omit<JsonSchema, 'type' | 'items'> = {}): JsonSchema {
  return { type: 'array', items, ...extra };
}

/** A string map such as labels or headers given as an object. */
export const STRING_MAP: JsonSchema = { type: 'object', additionalProperties: { type: 'string' } };

/** A branch of anyOf/oneOf that holds when `key` is present (strict validators want the key declared). */
export function requires(key: string): JsonSchema {
  return { type: 'object', required: [key], properties: { [key]: {} } };
}
