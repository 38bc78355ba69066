import { isDeepStrictEqual } from 'node:util';
import { specSecretRules } from '@pharos/core';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { openSpecSecrets, PlaceholderRefused, sealSpecSecrets } from '../secrets/spec-secrets.js';
import { openConnectionDocument, sealConnectionResource } from './connection-secrets.js';
import type { FileResource } from './files.js';
import { ResourceProblem, type KindStore, type StoredRow } from './stores.js';

/** What is saved of a resource before an apply: its row, and the document it was applied from. */
export interface SavedResource {
  row?: StoredRow;
  document?: Record<string, unknown>;
}

/**
 * A resource with the credentials of its spec sealed, in the row's spec and in the applied document
 * alike. `<sealed>` keeps the sealed value saved at the same place (the row's, else the applied
 * document's); a value that did not change keeps its sealed text.
 */
export function sealResource(resource: FileResource, store: KindStore, saved: SavedResource, secrets: ServerSecrets): FileResource {
  const kind = resource.kind.kind;
  if (kind === 'Connection') return sealConnectionResource(resource, saved.document?.['spec'] ?? (saved.row ? store.specOf(saved.row) : undefined), secrets);
  const rules = specSecretRules(kind);
  if (!rules) return resource;
  const savedSpec = saved.row ? store.specOf(saved.row) : saved.document?.['spec'];
  try {
    const spec = sealSpecSecrets(resource.spec, rules, secrets, { saved: { spec: savedSpec } });
    return { ...resource, spec, document: { ...resource.document, spec } };
  } catch (error) {
    if (error instanceof PlaceholderRefused) throw new ResourceProblem(resource, ['spec', ...error.path], error.message);
    throw error;
  }
}

/** Whether two applied documents say the same, their credentials compared in clear. */
export function sameDocument(kind: string, previous: Record<string, unknown>, current: Record<string, unknown>, secrets: ServerSecrets): boolean {
  if (kind === 'Connection') {
    const opened = openConnectionDocument(previous, secrets);
    return opened !== undefined && isDeepStrictEqual(opened, openConnectionDocument(current, secrets));
  }
  const rules = specSecretRules(kind);
  if (!rules) return isDeepStrictEqual(previous, current);
  const open = (document: Record<string, unknown>) => {
    const spec = openSpecSecrets(document['spec'], rules, secrets);
    return spec === undefined ? undefined : { ...document, spec };
  };
  const opened = open(previous);
  return opened !== undefined && isDeepStrictEqual(opened, open(current));
}
