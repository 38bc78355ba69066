import { CONNECTION_TYPES, isRecord } from '@pharos/core';
import { mapCredentials, openCredential, sealCredential, type StoredCredentials } from '../connections/sealing.js';
import { UnsealError, type ServerSecrets } from '../secrets/server-secrets.js';
import type { FileResource } from './files.js';

const SECRET_FIELDS = ['password', 'certificate'] as const;


/** `transform` on each credential of a Connection document: password and certificate, as text or `{value}`, in the spec and its typed block. */
function mapDocumentCredentials(document: Record<string, unknown>, transform: (value: string) => string): Record<string, unknown> {
  const copy = structuredClone(document);
  const spec = copy['spec'];
  if (!isRecord(spec)) return copy;
  const blocks = [spec, ...CONNECTION_TYPES.map((type) => spec[type]).filter(isRecord)];
  for (const block of blocks) {
    for (const field of SECRET_FIELDS) {
      const value = block[field];
      if (typeof value === 'string' && value !== '') block[field] = transform(value);
      else if (isRecord(value) && typeof value['value'] === 'string' && value['value'] !== '') value['value'] = transform(value['value']);
    }
  }
  return copy;
}

/**
 * A Connection as it is saved: its credentials sealed in the row and in the applied document, so
 * that `pharos get` prints them sealed (and applying that output again keeps them).
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
