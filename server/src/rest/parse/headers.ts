import { RestError } from '../errors.js';

export type CountMode = 'exact' | 'planned' | 'estimated';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only';
  count?: CountMode;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
}

/** `Prefer: return=representation, count=exact` (several headers allowed). */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { return: 'minimal', missingDefault: false };
  const values = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  for (const entry of values) {
    const [key, value] = entry.trim().split('=').map((part) => part.trim());
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) prefs.return = value;
    else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) prefs.count = value;
    else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) prefs.resolution = value;
    else if (key === 'missing' && value === 'default') prefs.missingDefault = true;
  }
  return prefs;
}

export interface RangeWindow {
  offset: number;
  limit?: number;
}

/** `Range: 0-24` or `Range: 25-` (items); undefined when absent. */
export function parseRange(header: string | undefined): RangeWindow | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header);
  if (!match) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `Could not read the Range header "${header}"; expecting e.g. "0-24"`);
  }
  const from = Number(match[1]);
  if (match[2] === '' || match[2] === undefined) return { offset: from };
  const to = Number(match[2]);
  if (to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `The range ${from}-${to} ends before it starts`);
  return { offset: from, limit: to - from + 1 };
}

export type ResponseShape = 'array' | 'object';

/** `Accept: application/vnd.pgrst.object+json` asks for one object instead of an array. */
export function parseAccept(header: string | undefined): ResponseShape {
  if (header === undefined) return 'array';
  if (header.includes('application/vnd.pgrst.object')) return 'object';
  const acceptable = header.split(',').some((part) => {
    const type = part.split(';')[0]?.trim() ?? '';
    return type === '' || type === '*/*' || type === 'application/*' || type === 'application/json';
  });
  if (!acceptable) throw new RestError(406, 'PGRST107', `None of these media types are available: ${header}`);
  return 'array';
}
