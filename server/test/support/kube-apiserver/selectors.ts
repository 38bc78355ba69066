import type { KubeObject } from './store.js';

/** Label selectors as the API server reads them: `k=v`, `k==v`, `k!=v`, `k`, `!k`, `k in (a,b)`, `k notin (a,b)`. */
export function labelsMatch(selector: string, labels: Record<string, string>): boolean {
  const terms = selector.match(/(?:[^,(]|\([^)]*\))+/g) ?? [];
  return terms.every((raw) => {
    const term = raw.trim();
    let match = /^(\S+?)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term);
    if (match) {
      const values = match[3]!.split(',').map((value) => value.trim());
      const has = match[1]! in labels && values.includes(labels[match[1]!]!);
      return match[2] === 'in' ? has : !has;
    }
    match = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(term);
    if (match) return match[2] === '!=' ? labels[match[1]!] !== match[3] : labels[match[1]!] === match[3];
    if (term.startsWith('!')) return !(term.slice(1).trim() in labels);
    return term === '' || term in labels;
  });
}

function fieldOf(object: KubeObject, path: string): string {
  let value: unknown = object;
  for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value === undefined || value === null ? '' : String(value);
}

/** Field selectors: `path=value`, `path==value`, `path!=value`, comma separated. */
export function fieldsMatch(selector: string, object: KubeObject): boolean {
  return selector
    .split(',')
    .filter((term) => term.trim() !== '')
    .every((term) => {
      const match = /^([^=!]+?)\s*(==|=|!=)\s*(.*)$/.exec(term.trim());
      if (!match) return false;
      const actual = fieldOf(object, match[1]!);
      return match[2] === '!=' ? actual !== match[3] : actual === match[3];
    });
}

export function selects(object: KubeObject, labelSelector: string | null, fieldSelector: string | null): boolean {
  const labels = (object.metadata['labels'] ?? {}) as Record<string, string>;
  return (!labelSelector || labelsMatch(labelSelector, labels)) && (!fieldSelector || fieldsMatch(fieldSelector, object));
}
