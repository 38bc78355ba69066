import type { FastifySchema, FastifySchemaCompiler, RouteShorthandOptions } from 'fastify';
import { RouteError } from './route-access.js';

/** Pieces of the routes' JSON schemas that many routes share; `/api/openapi.json` is generated from them. */

export const UUID = { type: 'string', format: 'uuid' } as const;
export const TEXT = { type: 'string' } as const;
/** A text or a list of texts (joined with commas), as the catalog's filters accept. */
export const TEXT_OR_LIST = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } as const;
/** A boolean, or `true`/`false` as text (query strings). */
export const FLAG = { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }] } as const;
/** A whole number, or the same as text. */
export const WHOLE = { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9]+$' }] } as const;

/** Path parameters, each of the one `type`. */
function pathParams<const Name extends string, const Type extends object>(type: Type, names: Name[]) {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, type])) as Record<Name, Type>,
  } as const;
}

/** Path parameters, each a UUID. */
export function uuidParams<const Name extends string>(...names: Name[]) {
  return pathParams(UUID, names);
}

/** Path parameters, each a text. */
export function textParams<const Name extends string>(...names: Name[]) {
  return pathParams(TEXT, names);
}

/** The body of a POST that takes none: documented so that every POST lists its body, and optional in the document. */
export const NO_BODY = { type: 'object', maxProperties: 0, description: 'No fields: send nothing or {}' } as const;

/** Schema key of a route whose body may be left out (JSON schema cannot say so): the document marks its requestBody not required. */
export const BODY_OPTIONAL = { 'x-body-optional': true } as const;

/** The direction of a sort. */
export const SORT_ORDER = { type: 'string', enum: ['asc', 'desc'] } as const;

/** Answers the OpenAPI document lists, by status: a description each, without a body schema (the answer is sent as the handler builds it). */
export function answers(byStatus: Record<number, string>): Record<number, { description: string }> {
  return Object.fromEntries(Object.entries(byStatus).map(([status, description]) => [status, { description }]));
}

/** The answers of most routes besides their success. */
export const REFUSALS = {
  400: 'The request is invalid: the message names the field and why',
  401: 'Not signed in',
  403: 'The caller’s role may not do this',
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks its own params, query and body; its schema only documents them (set by CHECKED_IN_CODE). */
    inputCheckedInCode?: boolean;
  }
}

/** The validator of a route whose input is checked in code: every request passes, and nothing is coerced. */
const acceptAsGiven: FastifySchemaCompiler<unknown> = () => () => true;

/**
 * Route options (spread them in) of a route whose own code checks its params, query and body, with messages
 * naming the line, field or reason at fault: Fastify neither validates nor coerces them against the route's
 * schema, which only documents them (`/api/openapi.json` marks the operation `x-checked-in-code`).
 */
export const CHECKED_IN_CODE = { config: { inputCheckedInCode: true }, validatorCompiler: acceptAsGiven } as const;

export function isCheckedInCode(config: { inputCheckedInCode?: boolean } | undefined): boolean {
  return config?.inputCheckedInCode === true;
}

/** A validated field and the message a failing value gets: the message the route's code gave before its schema checked it. */
export type SchemaMessages = Partial<Record<'params' | 'querystring' | 'body', Record<string, string>>>;

interface SchemaFailure {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

function fieldOf(failure: SchemaFailure): string {
  if (failure.keyword === 'required' && typeof failure.params.missingProperty === 'string') return failure.params.missingProperty;
  return failure.instancePath.split('/')[1] ?? '';
}

/**
 * Route options that validate `schema` with Fastify and answer a failing request 400 VALIDATION_FAILED with the
 * message of its field in `messages`; a field without one gets the validator's own text.
 */
export function validated(schema: FastifySchema, messages: SchemaMessages): Pick<RouteShorthandOptions, 'schema' | 'schemaErrorFormatter'> {
  return {
    schema,
    schemaErrorFormatter: (errors, dataVar) => {
      const failure = errors[0] as SchemaFailure | undefined;
      const part = dataVar as keyof SchemaMessages;
      const message = failure ? messages[part]?.[fieldOf(failure)] : undefined;
      return new RouteError(400, 'VALIDATION_FAILED', message ?? `${dataVar}${failure?.instancePath ?? ''} ${(errors[0] as { message?: string } | undefined)?.message ?? 'is invalid'}`);
    },
  };
}
