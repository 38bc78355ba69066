import { isRecord } from '@pharos/core';
import type pg from 'pg';
import { ForeignOrigin, targetWithin } from '../connections/origin.js';
import { ConnectionNotShared, findByReference } from '../connections/resolve.js';
import { UnresolvedReference } from '../secret-store/resolve.js';
import { ResourceProblem } from './stores.js';
import type { ValidResource } from './validate.js';

/** Kinds whose `connection` fields are not references to saved connections. */
const NOT_REFERRING = new Set(['Connection', 'Team']);

/** A value written for the run to fill in (a template, a secret reference) cannot be judged when saved. */
const isFilledLater = (text: string): boolean => text.includes('{{') || text.includes('$(') || /^(secret|configmap):\/\//.test(text);

/** A URL given as the connection itself (a SQL scraper's `connection: postgres://…`), not a reference. */
const isUrl = (text: string): boolean => !text.startsWith('connection://') && /^[a-z][a-z0-9+.-]*:\/\//i.test(text);

function* referrers(value: unknown, path: (string | number)[]): Generator<{ block: Record<string, unknown>; path: (string | number)[]; reference: string }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* referrers(item, [...path, index]);
    return;
  }
  if (!isRecord(value)) return;
  const reference = value['connection'];
  if (typeof reference === 'string' && reference !== '' && !isUrl(reference) && !isFilledLater(reference)) yield { block: value, path, reference };
  for (const [key, inner] of Object.entries(value)) yield* referrers(inner, [...path, key]);
}

/**
 * Refuses, when a resource is saved, the connections it names that it could not use when it runs
 * and that can be told now: one of another namespace not shared with the resource's, or a `url`
 * or `endpoint` beside it outside the connection's origin. A connection that does not exist yet
 * is left for the run to report (it may be applied later).
 */
export async function checkConnectionReferences(client: pg.PoolClient, resource: ValidResource): Promise<void> {
  if (NOT_REFERRING.has(resource.kind.kind)) return;
  for (const { block, path, reference } of referrers(resource.spec, ['spec'])) {
    let row;
    try {
      row = await findByReference(client, reference, resource.namespace);
    } catch (error) {
      if (error instanceof ConnectionNotShared) throw new ResourceProblem(resource, [...path, 'connection'], error.message);
      if (error instanceof UnresolvedReference) continue;
      throw error;
    }
    if (row.url === null || isFilledLater(row.url)) continue;
    for (const field of ['url', 'endpoint']) {
      const target = block[field];
      if (typeof target !== 'string' || isFilledLater(target)) continue;
      try {
        targetWithin({ ...row, properties: row.properties ?? {} }, target, field);
      } catch (error) {
        if (error instanceof ForeignOrigin) throw new ResourceProblem(resource, [...path, field], error.message);
        throw error;
      }
    }
  }
}
