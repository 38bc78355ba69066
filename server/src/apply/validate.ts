import { isRecord, SPEC_SCHEMAS, type JsonSchema, type SpecSchemaName } from '@pharos/core';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { APPLY_KINDS, applyKind, type ApplyKind } from './kinds.js';
import type { DocumentProblem, SourceDocument } from './documents.js';

/** A document that passed every check, with what finds it again: kind, namespace and name. */
export interface ValidResource {
  index: number;
  kind: ApplyKind;
  namespace: string;
  name: string;
  /** The whole document as it was written, unknown fields included. */
  document: Record<string, unknown>;
  /** The spec as its table stores it (the document's, unless the kind reads it differently). */
  spec: Record<string, unknown>;
  /** The line of a field of the document. */
  lineOf(path: readonly (string | number)[]): number;
}

// verbose: a refused `not` explains itself with the description of the schema that refused it.
const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, verbose: true });
const validators = new Map<JsonSchema, ValidateFunction>();

function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

function schemaOf(name: SpecSchemaName): JsonSchema {
  return SPEC_SCHEMAS[name];
}


/** `/spec/checks/0` → ['spec', 'checks', 0]. */
function pathOf(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** A refused `not` says nothing useful ('must NOT be valid'): its schema's description does. */
function explained(error: ErrorObject): string | undefined {
  const description = (error.parentSchema as { description?: unknown } | undefined)?.description;
  return error.keyword === 'not' && typeof description === 'string' ? description : undefined;
}

function schemaProblem(source: SourceDocument, error: ErrorObject): DocumentProblem {
  const path = ['spec', ...pathOf(error.instancePath)];
  const missing = error.keyword === 'required' ? String((error.params as { missingProperty?: string }).missingProperty ?? '') : '';
  const unknown = error.keyword === 'additionalProperties' ? String((error.params as { additionalProperty?: string }).additionalProperty ?? '') : '';
  if (unknown) {
    const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const field = [...path, unknown];
    return { index: source.index, line: source.lineOf(field), path: `/${field.join('/')}`, reason: `${unknown} is not a field here${known.length > 0 ? `: one of ${known.join(', ')}` : ''}` };
  }
  const field = missing ? [...path, missing] : path;
  return {
    index: source.index,
    line: source.lineOf(path),
    path: `/${field.join('/')}`,
    reason: missing ? `${missing} is required` : (explained(error) ?? error.message ?? 'is not valid'),
  };
}

/** Checks one document: a known kind and apiVersion, a name, and a spec its kind's schema accepts. */
export function validateDocument(source: SourceDocument): { resource: ValidResource } | { problems: DocumentProblem[] } {
  const at = (path: (string | number)[], reason: string): { problems: DocumentProblem[] } => ({
    problems: [{ index: source.index, line: source.lineOf(path), path: path.length ? `/${path.join('/')}` : '', reason }],
  });
  const document = source.value;
  if (!isRecord(document)) return at([], 'a resource must be a mapping with apiVersion, kind, metadata and spec');
  const kind = applyKind(document['kind']);
  if (!kind) {
    const known = APPLY_KINDS.map((candidate) => candidate.kind).join(', ');
    return at(['kind'], typeof document['kind'] === 'string' ? `unknown kind ${document['kind']}: one of ${known}` : `kind is required: one of ${known}`);
  }
  if (!kind.apiVersions.includes(String(document['apiVersion']))) {
    return at(['apiVersion'], `apiVersion of ${kind.kind} must be ${kind.apiVersions.join(' or ')}`);
  }
  const metadata = document['metadata'];
  if (!isRecord(metadata)) return at(['metadata'], 'metadata with a name is required');
  const name = metadata['name'];
  if (typeof name !== 'string' || name.trim() === '') return at(['metadata', 'name'], 'metadata.name is required');
  const namespace = metadata['namespace'] ?? 'default';
  if (typeof namespace !== 'string' || namespace.trim() === '') return at(['metadata', 'namespace'], 'metadata.namespace must be a non-empty string');
  const spec = document['spec'] ?? {};
  if (!isRecord(spec)) return at(['spec'], `spec of ${kind.kind} must be a mapping`);
  if (kind.schema && document['spec'] === undefined) return at(['spec'], `spec is required for ${kind.kind}`);
  const checked = (problems: { path: (string | number)[]; reason: string }[]) => ({
    problems: problems.map(({ path, reason }) => ({ index: source.index, line: source.lineOf(['spec', ...path]), path: `/${['spec', ...path].join('/')}`, reason })),
  });
  if (kind.writtenSchema) {
    const validate = validatorOf(kind.writtenSchema);
    if (!validate(spec)) return { problems: (validate.errors ?? []).map((error) => schemaProblem(source, error)) };
  }
  const writtenProblems = kind.writtenCheck?.(spec) ?? [];
  if (writtenProblems.length > 0) return checked(writtenProblems);
  const stored = kind.storedSpec ? kind.storedSpec(spec, name.trim(), namespace.trim()) : spec;
  if (kind.schema) {
    const validate = validatorOf(schemaOf(kind.schema));
    if (!validate(stored)) return { problems: (validate.errors ?? []).map((error) => schemaProblem(source, error)) };
  }
  const problems = kind.check?.(stored) ?? [];
  if (problems.length > 0) return checked(problems);
  return { resource: { index: source.index, kind, namespace: namespace.trim(), name: name.trim(), document, spec: stored, lineOf: source.lineOf } };
}

/** Checks every document of a file: all problems are reported, and nothing is valid unless everything is. */
export function validateDocuments(sources: readonly SourceDocument[]): { resources: ValidResource[] } | { problems: DocumentProblem[] } {
  const problems: DocumentProblem[] = [];
  const resources: ValidResource[] = [];
  for (const source of sources) {
    const outcome = validateDocument(source);
    if ('problems' in outcome) problems.push(...outcome.problems);
    else resources.push(outcome.resource);
  }
  return problems.length > 0 ? { problems } : { resources };
}
