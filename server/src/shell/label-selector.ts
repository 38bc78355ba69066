/**
 * Kubernetes-style label selectors: `k=v` (or `k==v`), `k!=v`, `k` (present), `!k` (absent),
 * `k in (a,b)` and `k notin (a,b)`, separated by commas; every requirement must hold.
 */

export type LabelRequirement =
  | { key: string; op: 'eq' | 'neq'; value: string }
  | { key: string; op: 'exists' | 'absent' }
  | { key: string; op: 'in' | 'notin'; values: string[] };

export class LabelSelectorError extends Error {}

const KEY = String.raw`[^\s=!,()]+`;
const VALUE = String.raw`[^\s,()]*`;
const EQUALITY = new RegExp(String.raw`^(${KEY})\s*(==|!=|=)\s*(${VALUE})$`);
const SET = new RegExp(String.raw`^(${KEY})\s+(in|notin)\s*\(([^()]*)\)$`);
const EXISTS = new RegExp(String.raw`^(${KEY})$`);
const ABSENT = new RegExp(String.raw`^!\s*(${KEY})$`);
const SET_VALUE = new RegExp(String.raw`^${VALUE}$`);

/** Splits on the commas that are not inside parentheses. */
function terms(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
    if (depth < 0 || depth > 1) throw new LabelSelectorError(`unbalanced parentheses in "${selector}"`);
  }
  if (depth !== 0) throw new LabelSelectorError(`unbalanced parentheses in "${selector}"`);
  parts.push(selector.slice(start));
  return parts.map((part) => part.trim());
}

function requirement(term: string): LabelRequirement {
  let match = EQUALITY.exec(term);
  if (match) {
    const [, key = '', op, value = ''] = match;
    return { key, op: op === '!=' ? 'neq' : 'eq', value };
  }
  match = SET.exec(term);
  if (match) {
    const [, key = '', op, list = ''] = match;
    const values = list.split(',').map((value) => value.trim());
    if (values.some((value) => !SET_VALUE.test(value))) throw new LabelSelectorError(`invalid value in "${term}"`);
    return { key, op: op === 'in' ? 'in' : 'notin', values };
  }
  match = ABSENT.exec(term);
  if (match) return { key: match[1] ?? '', op: 'absent' };
  match = EXISTS.exec(term);
  if (match) return { key: match[1] ?? '', op: 'exists' };
  throw new LabelSelectorError(`"${term}" is not a label requirement (expected k=v, k!=v, k, !k, k in (a,b) or k notin (a,b))`);
}

/** The requirements of a selector; an empty or blank selector has none. */
export function parseLabelSelector(selector: string): LabelRequirement[] {
  if (selector.trim() === '') return [];
  return terms(selector).map((term) => {
    if (term === '') throw new LabelSelectorError(`empty requirement in "${selector}"`);
    return requirement(term);
  });
}
