import { STALE_TIME_MS } from '@pharos/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import type { ResourceEvidenceType } from './evidence-kinds';

/** Spec 2 §9: a picker's search returns at most 50 results. */
export const CANDIDATE_LIMIT = 50;

/** One row the Select step offers, with the ids its evidence row takes. */
export interface Candidate {
  id: string;
  title: string;
  /** What kind of thing it is (check type, config type, change type, analyzer …). */
  detail: string;
  /** The id columns of `POST /evidences` (check_id, config_id, …). */
  ids: Partial<Record<'check_id' | 'config_id' | 'component_id' | 'config_analysis_id' | 'config_change_id', string>>;
}

/** `*text*` for an ilike filter; PostgREST's grammar reserves `,` `(` `)` inside or=(). */
const pattern = (search: string) => `*${search.trim().replace(/[,()*]/g, ' ')}*`;

interface ConfigRef {
  id: string;
  name: string | null;
  type: string | null;
}

const configName = (config: ConfigRef | null) => config?.name ?? config?.id ?? '';

/** What the Search step asked: the text, and for configs an optional type (spec 2 §7: config items of a given type). */
export interface CandidateSearch {
  text: string;
  configType?: string;
}

type Searcher = (search: string, signal: AbortSignal, configType?: string) => Promise<Candidate[]>;

const SEARCHERS: Readonly<Record<ResourceEvidenceType, Searcher>> = {
  /** `GET /checks` by name. */
  check: async (search, signal) => {
    let query = db.from('checks').select('id,name,type,status').is('deleted_at', null);
    if (search.trim()) query = query.ilike('name', pattern(search));
    const { data } = await query.order('name').limit(CANDIDATE_LIMIT).abortSignal(signal).throwOnError();
    return ((data ?? []) as { id: string; name: string; type: string; status: string | null }[]).map((c) => ({
      id: c.id,
      title: c.name,
      detail: [c.type, c.status].filter(Boolean).join(' · '),
      ids: { check_id: c.id },
    }));
  },
  /** `GET /config_names` by name, live items only. */
  config: async (search, signal, configType) => {
    let query = db.from('config_names').select('id,name,type').is('deleted_at', null);
    if (configType) query = query.eq('type', configType);
    if (search.trim()) query = query.ilike('name', pattern(search));
    const { data } = await query.order('name').limit(CANDIDATE_LIMIT).abortSignal(signal).throwOnError();
    return ((data ?? []) as ConfigRef[]).map((c) => ({ id: c.id, title: c.name ?? c.id, detail: c.type ?? '', ids: { config_id: c.id } }));
  },
  /** `GET /config_changes` by change type or summary, newest first. */
  config_change: async (search, signal) => {
    let query = db.from('config_changes').select('id,change_type,summary,created_at,config_id,config:config_id(id,name,type)');
    if (search.trim()) query = query.or(`change_type.ilike.${pattern(search)},summary.ilike.${pattern(search)}`);
    const { data } = await query.order('created_at', { ascending: false }).limit(CANDIDATE_LIMIT).abortSignal(signal).throwOnError();
    return ((data ?? []) as unknown as { id: string; change_type: string; summary: string | null; config_id: string; config: ConfigRef | null }[]).map((c) => ({
      id: c.id,
      title: c.summary || c.change_type,
      detail: `${c.change_type} · ${configName(c.config)}`,
      ids: { config_change_id: c.id, config_id: c.config_id },
    }));
  },
  /** `GET /config_analysis` (insights) by analyzer or message. */
  config_analysis: async (search, signal) => {
    let query = db.from('config_analysis').select('id,analyzer,message,status,severity,config_id,config:config_id(id,name,type)');
    if (search.trim()) query = query.or(`analyzer.ilike.${pattern(search)},message.ilike.${pattern(search)}`);
    const { data } = await query.order('first_observed', { ascending: false }).limit(CANDIDATE_LIMIT).abortSignal(signal).throwOnError();
    return ((data ?? []) as unknown as { id: string; analyzer: string; message: string | null; status: string | null; config_id: string; config: ConfigRef | null }[]).map((a) => ({
      id: a.id,
      title: a.analyzer,
      detail: [a.message, configName(a.config), a.status].filter(Boolean).join(' · '),
      ids: { config_analysis_id: a.id, config_id: a.config_id },
    }));
  },
  /** `GET /component_names` by name. */
  topology: async (search, signal) => {
    let query = db.from('component_names').select('id,name,type');
    if (search.trim()) query = query.ilike('name', pattern(search));
    const { data } = await query.order('name').limit(CANDIDATE_LIMIT).abortSignal(signal).throwOnError();
    return ((data ?? []) as { id: string; name: string; type: string | null }[]).map((c) => ({ id: c.id, title: c.name, detail: c.type ?? '', ids: { component_id: c.id } }));
  },
};

/** The rows of one evidence type matching the (already debounced) search. */
export function useCandidates(type: ResourceEvidenceType | null, search: CandidateSearch) {
  return useQuery({
    queryKey: ['incidents', 'evidence-candidates', type, search.text, type === 'config' ? (search.configType ?? '') : ''] as const,
    queryFn: ({ signal }) => SEARCHERS[type!](search.text, signal, type === 'config' ? search.configType : undefined),
    enabled: type !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /config_types`: the types the config search can be narrowed to. */
export function useConfigTypes(enabled: boolean) {
  return useQuery({
    queryKey: ['incidents', 'config-types'] as const,
    queryFn: async ({ signal }): Promise<string[]> => {
      const { data } = await db.from('config_types').select('type').order('type').abortSignal(signal).throwOnError();
      return ((data ?? []) as { type: string }[]).map((row) => row.type);
    },
    enabled,
    staleTime: STALE_TIME_MS,
  });
}
