import { isRecord } from '@pharos/core';
import type { ItemDefaults, ScrapeInput } from '../extract.js';
import { readFiles } from './file.js';
import { text, type KindReader } from './types.js';

type Manifest = Record<string, unknown> & { kind: string; metadata: Record<string, unknown> };

const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

function stringMap(value: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(record(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** A manifest's documents: a YAML stream gives several, a `kind: List` (or `*List`) its items. */
function manifestsOf(document: unknown): unknown[] {
  if (Array.isArray(document)) return document.flatMap(manifestsOf);
  if (isRecord(document) && typeof document['kind'] === 'string' && document['kind'].endsWith('List') && Array.isArray(document['items'])) {
    return document['items'].flatMap(manifestsOf);
  }
  return [document];
}

const isManifest = (value: unknown): value is Manifest => isRecord(value) && text(value['kind']) !== undefined && isRecord(value['metadata']) && text(value['metadata']['name']) !== undefined;

/** `key=value`, `key==value`, `key!=value`, `key` and `!key`, comma separated, as kubectl's equality-based label selectors. */
function matchesLabels(selector: string, labels: Record<string, string>): boolean {
  return selector
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term !== '')
    .every((term) => {
      const match = /^(!?)([^=!]+?)\s*(?:(==|=|!=)\s*(.*))?$/.exec(term);
      if (!match) throw new Error(`selector.labelSelector: cannot read "${term}"`);
      const [, not, key, operator, value] = match;
      if (!operator) return not ? !(key! in labels) : key! in labels;
      return operator === '!=' ? labels[key!] !== value : labels[key!] === value;
    });
}

/** `path.to.field=value` or `!=`, comma separated, on the manifest's fields (kubectl's field selectors). */
function matchesFields(selector: string, manifest: Manifest): boolean {
  return selector
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term !== '')
    .every((term) => {
      const match = /^([^=!]+?)\s*(==|=|!=)\s*(.*)$/.exec(term);
      if (!match) throw new Error(`selector.fieldSelector: cannot read "${term}"`);
      const [, field, operator, value] = match;
      let found: unknown = manifest;
      for (const part of field!.split('.')) found = record(found)[part];
      const actual = found === undefined || found === null ? '' : String(found);
      return operator === '!=' ? actual !== value : actual === value;
    });
}

/** config-db's ResourceSelector over manifests: namespace, kind (any case), name, labelSelector, fieldSelector. */
function selects(selector: Record<string, unknown>, manifest: Manifest): boolean {
  const namespace = text(selector['namespace']);
  const kind = text(selector['kind']);
  const name = text(selector['name']);
  const labelSelector = text(selector['labelSelector']);
  const fieldSelector = text(selector['fieldSelector']);
  if (namespace && (text(manifest.metadata['namespace']) ?? 'default') !== namespace) return false;
  if (kind && manifest.kind.toLowerCase() !== kind.toLowerCase()) return false;
  if (name && manifest.metadata['name'] !== name) return false;
  if (labelSelector && !matchesLabels(labelSelector, stringMap(manifest.metadata['labels']))) return false;
  if (fieldSelector && !matchesFields(fieldSelector, manifest)) return false;
  return true;
}

/** What config-db's Kubernetes scrapers give an object: type Kubernetes::{Kind}, id its uid (else namespace/name), its labels, its namespace as a tag. */
export function manifestDefaults(manifest: Manifest): ItemDefaults {
  const name = manifest.metadata['name'] as string;
  const namespace = text(manifest.metadata['namespace']);
  const created = text(manifest.metadata['creationTimestamp']);
  const createdAt = created ? new Date(created) : null;
  return {
    id: text(manifest.metadata['uid']) ?? (namespace ? `${namespace}/${name}` : name),
    type: `Kubernetes::${manifest.kind}`,
    class: manifest.kind,
    name,
    labels: stringMap(manifest.metadata['labels']),
    tags: namespace ? { namespace } : {},
    createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
  };
}

function pathsOf(spec: Record<string, unknown>): Array<{ paths: string[]; format?: string }> {
  const files = Array.isArray(spec['files']) ? spec['files'].filter(isRecord) : [];
  return files.map((file, index) => {
    const raw = file['path'];
    const paths = (typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : []).filter((entry): entry is string => typeof entry === 'string' && entry !== '');
    if (paths.length === 0) throw new Error(`files[${index}].path: name at least one file`);
    const format = text(file['format']);
    return format ? { paths, format } : { paths };
  });
}

/**
 * `kubernetesFile`: Kubernetes manifests read from files on this server (config-db reads them from a
 * cluster's pods, which Pharos is not connected to): each `files[].path` glob is read as the file
 * scraper reads it, every manifest in it (YAML streams and Lists split) that the `selector` picks
 * becomes an item as config-db's Kubernetes scrapers make one.
 */
export const readKubernetesFiles: KindReader = async (spec, context) => {
  const files = pathsOf(spec);
  if (files.length === 0) throw new Error('files: name the manifests to read (files: [{path: [...]}])');
  const selector = record(spec['selector']);
  const inputs: ScrapeInput[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const read = await readFiles(file, context);
    errors.push(...read.errors);
    for (const input of read.inputs) {
      manifestsOf(input.document).forEach((manifest, index) => {
        if (manifest === null || manifest === undefined) return;
        if (!isManifest(manifest)) {
          errors.push(`${input.source}: document ${index + 1} is not a Kubernetes manifest (no kind or metadata.name)`);
          return;
        }
        try {
          if (selects(selector, manifest)) inputs.push({ document: manifest, source: input.source, defaults: manifestDefaults(manifest) });
        } catch (error) {
          errors.push((error as Error).message);
        }
      });
    }
  }
  return { inputs, errors };
};
