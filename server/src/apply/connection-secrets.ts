import { CONNECTION_SECRET_RULES, isLiteralCredential, isRecord, isSealedText, mapSpecSecrets, type SecretPath } from '@pharos/core';
import { mapCredentials, sealCredential, type StoredCredentials } from '../connections/sealing.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { openSpecSecrets, PlaceholderRefused, sealSpecSecrets } from '../secrets/spec-secrets.js';
import { connectionRow } from './connection-spec.js';
import type { FileResource } from './files.js';
import { ResourceProblem } from './stores.js';

/** The first sealed text of a spec outside the credential fields, where a copied one would be opened for someone else. */
function strayedSealedText(spec: unknown): SecretPath | undefined {
  const withoutCredentials = mapSpecSecrets(spec, CONNECTION_SECRET_RULES, () => '');
  const find = (node: unknown, path: SecretPath): SecretPath | undefined => {
    if (isSealedText(node)) return path;
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        const found = find(item, [...path, index]);
        if (found) return found;
      }
    } else if (isRecord(node)) {
      for (const [key, child] of Object.entries(node)) {
        const found = find(child, [...path, key]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return find(withoutCredentials, []);
}

/**
 * A Connection as it is saved: the credentials of its spec (flat or in its typed block) sealed in the
 * applied document, which `pharos get` prints with `<sealed>` in their place, and the row made again
 * from that sealed spec. `<sealed>` keeps the value saved at the same place of the saved spec (the
 * applied document's, else the one written from the row), unless a destination beside it changed.
 */
export function sealConnectionResource(resource: FileResource, savedSpec: unknown, secrets: ServerSecrets): FileResource {
  let spec: Record<string, unknown>;
  try {
    spec = sealSpecSecrets(resource.document['spec'] as Record<string, unknown>, CONNECTION_SECRET_RULES, secrets, { saved: { spec: savedSpec ?? {} } });
  } catch (error) {
    if (error instanceof PlaceholderRefused) throw new ResourceProblem(resource, ['spec', ...error.path], error.message);
    throw error;
  }
  const strayed = strayedSealedText(spec);
  if (strayed) {
    throw new ResourceProblem(resource, ['spec', ...strayed], 'a sealed value can only stand in the credential field it was sealed for: write the value itself (or a secret:// reference)');
  }
  const row = connectionRow(spec, resource.name, resource.namespace) as unknown as StoredCredentials;
  // The row's credentials come sealed from the spec; any other credential it holds is sealed as well.
  const sealedRow = mapCredentials(row, (value) => (isSealedText(value) || !isLiteralCredential(value) ? value : secrets.seal(value)));
  return { ...resource, document: { ...resource.document, spec }, spec: sealedRow as unknown as Record<string, unknown> };
}

/** An applied document with its credentials sealed (those sealed with this key kept), for documents saved before they were sealed. */
export function sealConnectionDocument(document: Record<string, unknown>, secrets: ServerSecrets): Record<string, unknown> {
  if (!isRecord(document['spec'])) return document;
  return { ...document, spec: mapSpecSecrets(document['spec'], CONNECTION_SECRET_RULES, ({ value }) => (isLiteralCredential(value) ? sealCredential(secrets, value) : value)) };
}

/** The document with its credentials in clear, to compare two applies; undefined when it was sealed with another key. */
export function openConnectionDocument(document: Record<string, unknown>, secrets: ServerSecrets): Record<string, unknown> | undefined {
  if (!isRecord(document['spec'])) return document;
  const spec = openSpecSecrets(document['spec'], CONNECTION_SECRET_RULES, secrets);
  return spec === undefined ? undefined : { ...document, spec };
}
