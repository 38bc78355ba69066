import { isRecord, LOCAL_AGENT_ID } from '@pharos/core';

/** What a playbook's `spec.configs` selectors are compared with. */
export interface ConfigForMatch {
  id: string;
  name: string | null;
  type: string;
  status: string | null;
  health: string | null;
  agent_id: string | null;
  labels: Readonly<Record<string, string>>;
  tags: Readonly<Record<string, string>>;
}

/** `k=v`, `k!=v`, `k`, `!k` terms of a label selector; set terms (in, notin) count as a possible match. */
function selectorTermsMayMatch(selector: string, values: Readonly<Record<string, string>>): boolean {
  for (const raw of selector.split(/,(?![^(]*\))/)) {
    const term = raw.trim();
    if (term === '' || / (in|notin) /.test(term)) continue;
    const unequal = /^([^!=\s]+)\s*!=\s*(.*)$/.exec(term);
    if (unequal) {
      if (values[unequal[1]!] === unequal[2]) return false;
      continue;
    }
    const equal = /^([^!=\s]+)\s*==?\s*(.*)$/.exec(term);
    if (equal) {
      if (values[equal[1]!] !== equal[2]) return false;
      continue;
    }
    if (term.startsWith('!')) {
      if (Object.hasOwn(values, term.slice(1))) return false;
    } else if (!Object.hasOwn(values, term)) return false;
  }
  return true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A list field (`types`, `statuses`, `health`): `!x` excludes, plain values include. */
function listMayMatch(selector: Record<string, unknown>, key: string, value: string | null): boolean {
  const list = Array.isArray(selector[key]) ? selector[key].filter((each): each is string => typeof each === 'string') : [];
  if (list.length === 0) return true;
  const included = list.filter((each) => !each.startsWith('!'));
  if (value !== null && list.includes(`!${value}`)) return false;
  return included.length === 0 || (value !== null && included.includes(value));
}

function selectorMayMatch(selector: Record<string, unknown>, config: ConfigForMatch): boolean {
  const text = (key: string) => (typeof selector[key] === 'string' && selector[key] !== '' ? (selector[key] as string) : undefined);
  const id = text('id');
  if (id && id !== config.id) return false;
  const name = text('name');
  if (name && name !== config.name) return false;
  const namespace = text('namespace');
  if (namespace && namespace !== config.tags['namespace']) return false;
  const search = text('search');
  if (search && !(config.name ?? '').toLowerCase().includes(search.toLowerCase())) return false;
  const agent = text('agent');
  if (agent === 'local' && config.agent_id !== LOCAL_AGENT_ID) return false;
  if (agent && UUID.test(agent) && agent !== config.agent_id) return false;
  if (!listMayMatch(selector, 'types', config.type)) return false;
  if (!listMayMatch(selector, 'statuses', config.status)) return false;
  if (!listMayMatch(selector, 'health', config.health)) return false;
  const labelSelector = text('labelSelector');
  if (labelSelector !== undefined && !selectorTermsMayMatch(labelSelector, config.labels)) return false;
  const tagSelector = text('tagSelector');
  return tagSelector === undefined || selectorTermsMayMatch(tagSelector, config.tags);
}

/**
 * Whether one of a playbook's `spec.configs` selectors could pick this config. Agent names, set
 * terms and field selectors are not resolved here, so they count as a match (a run decides).
 */
export function playbookMayApplyToConfig(spec: unknown, config: ConfigForMatch): boolean {
  const selectors = isRecord(spec) && Array.isArray(spec['configs']) ? spec['configs'] : [];
  return selectors.some((selector) => isRecord(selector) && selectorMayMatch(selector, config));
}
