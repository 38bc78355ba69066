import { isRecord, LOCAL_AGENT_ID, type CheckSummary } from '@pharos/core';

/** `k=v`, `k!=v`, `k`, `!k` terms of a label selector; other forms (in, notin) are taken as a possible match. */
function labelsMayMatch(selector: string, labels: Readonly<Record<string, string>>): boolean {
  // Commas inside `in (a,b)` do not split terms.
  for (const raw of selector.split(/,(?![^(]*\))/)) {
    const term = raw.trim();
    if (term === '' || / (in|notin) /.test(term)) continue;
    const unequal = /^([^!=\s]+)\s*!=\s*(.*)$/.exec(term);
    if (unequal) {
      if (labels[unequal[1]!] === unequal[2]) return false;
      continue;
    }
    const equal = /^([^!=\s]+)\s*==?\s*(.*)$/.exec(term);
    if (equal) {
      if (labels[equal[1]!] !== equal[2]) return false;
      continue;
    }
    if (term.startsWith('!')) {
      if (Object.hasOwn(labels, term.slice(1))) return false;
    } else if (!Object.hasOwn(labels, term)) return false;
  }
  return true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function selectorMayMatch(selector: Record<string, unknown>, check: CheckSummary): boolean {
  const text = (key: string) => (typeof selector[key] === 'string' && selector[key] !== '' ? (selector[key] as string) : undefined);
  const id = text('id');
  if (id && id !== check.id) return false;
  const name = text('name');
  if (name && name !== check.name) return false;
  const namespace = text('namespace');
  if (namespace && namespace !== (check.namespace ?? check.canary_namespace)) return false;
  const search = text('search');
  if (search && !check.name.toLowerCase().includes(search.toLowerCase())) return false;
  const agent = text('agent');
  if (agent === 'local' && check.agent_id !== LOCAL_AGENT_ID) return false;
  if (agent && UUID.test(agent) && agent !== check.agent_id) return false;
  const types = Array.isArray(selector['types']) ? selector['types'].filter((type): type is string => typeof type === 'string') : [];
  const included = types.filter((type) => !type.startsWith('!'));
  if (types.includes(`!${check.type}`) || (included.length > 0 && !included.includes(check.type))) return false;
  const labelSelector = text('labelSelector');
  return labelSelector === undefined || labelsMayMatch(labelSelector, check.labels);
}

/**
 * Whether one of a playbook's `spec.checks` selectors could pick this check. Agent names and set
 * label terms are not resolved here, so those count as a match (the run itself decides).
 */
export function playbookMayApply(spec: unknown, check: CheckSummary): boolean {
  const selectors = isRecord(spec) && Array.isArray(spec['checks']) ? spec['checks'] : [];
  return selectors.some((selector) => isRecord(selector) && selectorMayMatch(selector, check));
}
