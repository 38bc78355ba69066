import { CONNECTION_TYPES, isRecord, isSealedText, SEALED_PLACEHOLDER, secretKeys } from '@pharos/core';
import { mapCredentials, openCredential, sealCredential, type StoredCredentials } from '../connections/sealing.js';
import { UnsealError, type ServerSecrets } from '../secrets/server-secrets.js';
import type { FileResource } from './files.js';
import { ResourceProblem } from './stores.js';

const SECRET_FIELDS = ['password', 'certificate'] as const;

/** Where a Connection document keeps a credential: a column's name, or a key of its properties. */
type CredentialPlace = { column: 'password' | 'certificate' } | { property: string };

function typeOf(spec: Record<string, unknown>): string | undefined {
  if (typeof spec['type'] === 'string') return spec['type'];
  return CONNECTION_TYPES.find((type) => isRecord(spec[type]));
}

/**
 * `transform` on each credential of a Connection document: password and certificate, as text or
 * `{value}`, in the spec and its typed block, and the properties its type keeps secret.
 */
function mapDocumentCredentials(document: Record<string, unknown>, transform: (value: string, place: CredentialPlace) => string): Record<string, unknown> {
  const copy = structuredClone(document);
  const spec = copy['spec'];
  if (!isRecord(spec)) return copy;
  const blocks = [spec, ...CONNECTION_TYPES.map((type) => spec[type]).filter(isRecord)];
  for (const block of blocks) {
    for (const column of SECRET_FIELDS) {
      const value = block[column];
      if (typeof value === 'string' && value !== '') block[column] = transform(value, { column });
      else if (isRecord(value) && typeof value['value'] === 'string' && value['value'] !== '') value['value'] = transform(value['value'], { column });
    }
  }
  const type = typeOf(spec);
  const properties = spec['properties'];
  if (type && isRecord(properties)) {
    for (const key of secretKeys(type)) {
      const value = properties[key];
      if (typeof value === 'string' && value !== '') properties[key] = transform(value, { property: key });
    }
  }
  return copy;
}

/**
 * A Connection applied with `<sealed>` (as `pharos get` prints it) in place of a credential: the
 * saved one is kept. `<sealed>` where nothing is saved is a problem of the document.
 */
export function keepSavedConnectionCredentials(resource: FileResource, saved: StoredCredentials | undefined): FileResource {
  const savedAt = (place: CredentialPlace): string | null | undefined => ('column' in place ? saved?.[place.column] : saved?.properties?.[place.property]);
  const keep = (value: string, place: CredentialPlace): string => {
    if (value !== SEALED_PLACEHOLDER) return value;
    const stored = savedAt(place);
    if (isSealedText(stored)) return stored;
    const path = 'column' in place ? ['spec', place.column] : ['spec', 'properties', place.property];
    throw new ResourceProblem(resource, path, `${SEALED_PLACEHOLDER} stands for a sealed value, but this connection has none saved here: write the value itself (or a secret:// reference)`);
  };
  const spec = { ...resource.spec };
  for (const column of SECRET_FIELDS) if (typeof spec[column] === 'string') spec[column] = keep(spec[column], { column });
  if (isRecord(spec['properties'])) {
    spec['properties'] = Object.fromEntries(Object.entries(spec['properties']).map(([key, value]) => [key, typeof value === 'string' ? keep(value, { property: key }) : value]));
  }
  return { ...resource, spec, document: mapDocumentCredentials(resource.document, keep) };
}

/**
 * A Connection as it is saved: its credentials sealed in the row and in the applied document, which
 * `pharos get` prints with `<sealed>` in their place (applying that output again keeps them).
 */
export function sealConnectionResource(resource: FileResource, secrets: ServerSecrets): FileResource {
  const seal = (value: string) => sealCredential(secrets, value);
  return {
    ...resource,
    document: sealConnectionDocument(resource.document, secrets),
    spec: mapCredentials(resource.spec as unknown as StoredCredentials, seal) as unknown as Record<string, unknown>,
  };
}

export function sealConnectionDocument(document: Record<string, unknown>, secrets: ServerSecrets): Record<string, unknown> {
  return mapDocumentCredentials(document, (value) => sealCredential(secrets, value));
}

/** The document with its credentials in clear, to compare two applies; undefined when it was sealed with another key. */
export function openConnectionDocument(document: Record<string, unknown>, secrets: ServerSecrets): Record<string, unknown> | undefined {
  try {
    return mapDocumentCredentials(document, (value) => openCredential(secrets, value));
  } catch (error) {
    if (error instanceof UnsealError) return undefined;
    throw error;
  }
}
