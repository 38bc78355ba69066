import { isRecord, RESPONDER_CLIENT_FIELDS, RESPONDER_CLIENT_TYPES, type ResponderClientType } from '@pharos/core';
import type pg from 'pg';

/**
 * A responder the rule adds to each incident it opens: a team (with its client type and fields) or a
 * person. A team left out is the first team (by name) whose responder_clients has the client type.
 */
export interface RuleResponder {
  team?: string;
  person?: string;
  type?: ResponderClientType;
  properties: Record<string, string>;
}

interface Problem {
  path: (string | number)[];
  reason: string;
}

/** Client types a team responder may have (a person is given as `person`). */
const CLIENT_TYPES = RESPONDER_CLIENT_TYPES.filter((type) => type !== 'person');
/** mission-control's keys of `responders` where they name a client type differently. */
const KEY_ALIASES: Readonly<Record<string, ResponderClientType>> = { servicenow: 'service_now', aws: 'aws_support', ams: 'aws_ams_services_request' };

function clientFields(type: ResponderClientType, properties: Record<string, unknown>, at: (string | number)[], problem: (p: Problem) => void): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of RESPONDER_CLIENT_FIELDS[type]) {
    const value = properties[field];
    if (typeof value !== 'string' || value.trim() === '') problem({ path: [...at, field], reason: 'Please provide valid value' });
    else values[field] = value;
  }
  return values;
}

function optionalText(value: unknown, path: (string | number)[], problem: (p: Problem) => void): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && value.trim() !== '') return value;
  problem({ path, reason: 'must be a name' });
  return undefined;
}

/** The list form: [{team, type, properties} | {person}]. */
function fromList(entries: unknown[], problem: (p: Problem) => void): RuleResponder[] {
  const responders: RuleResponder[] = [];
  entries.forEach((entry, index) => {
    const at = ['responders', index];
    if (!isRecord(entry)) return problem({ path: at, reason: 'must be {team, type, properties} or {person}' });
    const team = optionalText(entry['team'], [...at, 'team'], problem);
    const person = optionalText(entry['person'], [...at, 'person'], problem);
    if ((team === undefined) === (person === undefined)) return problem({ path: at, reason: 'give either team (a team name) or person (an id or verified email)' });
    if (person !== undefined) return void responders.push({ person, properties: {} });
    const given = entry['type'];
    const type = typeof given === 'string' ? (CLIENT_TYPES.find((t) => t === given.toLowerCase()) ?? KEY_ALIASES[given.toLowerCase()]) : undefined;
    if (!type) return problem({ path: [...at, 'type'], reason: `a team responder needs its client type: one of ${CLIENT_TYPES.join(', ')}` });
    responders.push({ team: team!, type, properties: clientFields(type, isRecord(entry['properties']) ? entry['properties'] : {}, [...at, 'properties'], problem) });
  });
  return responders;
}

/**
 * mission-control's form: a map keyed by client type (email, jira, servicenow, ms_planner, …), each a
 * list of the client's fields (or one), with an optional team; `person` lists emails or ids.
 */
function fromMap(map: Record<string, unknown>, problem: (p: Problem) => void): RuleResponder[] {
  const responders: RuleResponder[] = [];
  for (const [key, value] of Object.entries(map)) {
    const entries = Array.isArray(value) ? value : [value];
    if (key === 'person' || key === 'people') {
      entries.forEach((who, index) => {
        if (typeof who === 'string' && who.trim() !== '') responders.push({ person: who, properties: {} });
        else problem({ path: ['responders', key, index], reason: 'must be the id or verified email of a person' });
      });
      continue;
    }
    const type = CLIENT_TYPES.find((t) => t === key) ?? KEY_ALIASES[key];
    if (!type) {
      problem({ path: ['responders', key], reason: `unknown responder type ${key}: one of ${[...CLIENT_TYPES, ...Object.keys(KEY_ALIASES), 'person'].join(', ')}` });
      continue;
    }
    entries.forEach((entry: unknown, index) => {
      const at = Array.isArray(value) ? ['responders', key, index] : ['responders', key];
      if (!isRecord(entry)) return problem({ path: at, reason: `must be a mapping of ${RESPONDER_CLIENT_FIELDS[type].join(', ')}` });
      const team = optionalText(entry['team'], [...at, 'team'], problem);
      responders.push({ ...(team ? { team } : {}), type, properties: clientFields(type, entry, at, problem) });
    });
  }
  return responders;
}

/** A rule's `responders`, as a list or as mission-control's map keyed by client type. */
export function readRuleResponders(raw: unknown, problem: (p: Problem) => void): RuleResponder[] {
  if (raw === undefined || raw === null) return [];
  if (Array.isArray(raw)) return fromList(raw, problem);
  if (isRecord(raw)) return fromMap(raw, problem);
  problem({ path: ['responders'], reason: 'must be a list of {team, type, properties} or {person}, or a map keyed by client type (email, jira, …)' });
  return [];
}

/** A responder row as it is written for each new incident. */
export interface ResolvedResponder {
  type: 'system' | 'person';
  team_id: string | null;
  person_id: string | null;
  properties: Record<string, string>;
}

/** The teams and people the rule's responders name, looked up once per run; answers what it could not find. */
export async function resolveResponders(db: pg.ClientBase, responders: readonly RuleResponder[]): Promise<{ resolved: ResolvedResponder[]; missing: string[] }> {
  const resolved: ResolvedResponder[] = [];
  const missing: string[] = [];
  for (const responder of responders) {
    if (responder.person !== undefined) {
      const { rows } = await db.query<{ id: string }>(`SELECT id FROM person_named($1) AS n (id) WHERE id IS NOT NULL`, [responder.person]);
      if (rows[0]) resolved.push({ type: 'person', team_id: null, person_id: rows[0].id, properties: { responderType: 'person', person: rows[0].id } });
      else missing.push(`no person has the id or verified email ${responder.person}`);
      continue;
    }
    const { rows } =
      responder.team !== undefined
        ? await db.query<{ id: string }>(`SELECT id FROM teams WHERE (name = $1 OR id::text = $1) AND deleted_at IS NULL LIMIT 1`, [responder.team])
        : await db.query<{ id: string }>(`SELECT id FROM teams WHERE spec -> 'responder_clients' ? $1 AND deleted_at IS NULL ORDER BY name, id LIMIT 1`, [responder.type]);
    if (rows[0]) resolved.push({ type: 'system', team_id: rows[0].id, person_id: null, properties: { responderType: responder.type!, ...responder.properties } });
    else missing.push(responder.team !== undefined ? `no team is named ${responder.team}` : `no team has a ${responder.type} responder client`);
  }
  return { resolved, missing };
}
