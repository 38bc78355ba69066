import { HYPOTHESIS_DEFAULTS, type HypothesisStatus, type HypothesisType, type IncidentStatus, type IncidentType } from '@pharos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isMalformedId } from '../../api/api-error';
import { db } from '../../api/postgrest';
import { toast } from '../../ui/toast/toast-store';
import { incidentClauses, type IncidentFilters } from './incident-filters';
import type { CommentEdit, CommentRow, HypothesisRow, IncidentDetail, IncidentHistoryRow, IncidentSummaryRow, PersonRef, StoredSeverity } from './types';

export const incidentKeys = {
  all: ['incidents'] as const,
  list: (filters: IncidentFilters) => [...incidentKeys.all, 'list', filters] as const,
  detail: (id: string) => [...incidentKeys.all, 'detail', id] as const,
  history: (id: string) => [...incidentKeys.all, 'history', id] as const,
  people: () => [...incidentKeys.all, 'people'] as const,
  components: () => [...incidentKeys.all, 'components'] as const,
};

const PERSON = '(id,name,avatar)';
const DETAIL_SELECT = [
  '*',
  `commander:commander_id${PERSON}`,
  `creator:created_by${PERSON}`,
  `deleter:deleted_by${PERSON}`,
  `hypotheses(*,comments(*,person:created_by${PERSON},edits:comment_edits(id,comment,edited_at,editor:edited_by${PERSON})),evidences(*,component:component_id(id,name,icon),check:check_id(id,name,status),config:config_id(id,name,type),config_analysis:config_analysis_id(id,analyzer,status),config_change:config_change_id(id,change_type,summary)))`,
].join(',');

const SUMMARY_SELECT = 'id,incident_id,title,type,severity,status,created_at,created_by,commander,responders,component_ids';

/** Where a page of the list starts: after the last row of an earlier page (its created_at and id), then `offset` rows on. */
export interface IncidentPage {
  size: number;
  offset: number;
  after?: { created_at: string; id: string } | undefined;
}

type PageStart = NonNullable<IncidentPage['after']>;

/** Rows after `after` (newest first): the lte lets the index start at it, the or breaks ties on created_at by id. */
function readOnFrom<Q extends { lte(column: string, value: string): Q; or(filters: string): Q }>(query: Q, after: PageStart | undefined): Q {
  if (!after) return query;
  return query.lte('created_at', after.created_at).or(`created_at.lt.${after.created_at},and(created_at.eq.${after.created_at},id.lt.${after.id})`);
}

/**
 * The row a page counted off from an earlier one starts after, read from the incidents table (a
 * plain indexed read) rather than counting off summary rows, each worked out in full; null past the end.
 */
async function countOff(filters: IncidentFilters, page: IncidentPage, signal: AbortSignal): Promise<PageStart | null> {
  // Deleted incidents are not listed (incident_summary leaves them out too).
  let query = db.from('incidents').select('id,created_at').is('deleted_at', null);
  for (const clause of incidentClauses(filters)) query = query.filter(clause.column, clause.operator, clause.value);
  const { data } = await readOnFrom(query, page.after)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(page.offset - 1, page.offset - 1)
    .abortSignal(signal)
    .throwOnError();
  return ((data ?? []) as PageStart[])[0] ?? null;
}

/**
 * `GET /incident_summary` with the list's filters, newest first (id breaking ties), a page at a time:
 * one row more than the page says whether another follows. A page reads on from the row it starts
 * after, as cheap as the first page however deep.
 */
export function useIncidentList(filters: IncidentFilters, page: IncidentPage = { size: 200, offset: 0 }) {
  return useQuery({
    queryKey: [...incidentKeys.list(filters), page] as const,
    queryFn: async ({ signal }): Promise<{ rows: IncidentSummaryRow[]; more: boolean }> => {
      let { after, offset } = page;
      // The component filter is the summary's own; with it there are few rows to count off.
      if (offset > 0 && !filters.component) {
        const start = await countOff(filters, page, signal);
        if (!start) return { rows: [], more: false };
        after = start;
        offset = 0;
      }
      let query = db.from('incident_summary').select(SUMMARY_SELECT);
      for (const clause of incidentClauses(filters)) query = query.filter(clause.column, clause.operator, clause.value);
      const { data } = await readOnFrom(query, after)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(offset, offset + page.size)
        .abortSignal(signal)
        .throwOnError();
      const rows = (data ?? []) as unknown as IncidentSummaryRow[];
      return { rows: rows.slice(0, page.size), more: rows.length > page.size };
    },
    placeholderData: keepPreviousData,
  });
}

const byCreation = <T extends { created_at: string }>(rows: readonly T[]) => [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at));
const byEditTime = (edits: readonly CommentEdit[] | undefined) => [...(edits ?? [])].sort((a, b) => a.edited_at.localeCompare(b.edited_at));

/** The incident with its hypotheses, their comments and evidence; null when there is none with this id. */
export function useIncident(id: string) {
  return useQuery({
    queryKey: incidentKeys.detail(id),
    queryFn: async ({ signal }): Promise<IncidentDetail | null> => {
      const read = await db
        .from('incidents')
        .select(DETAIL_SELECT)
        .eq('id', id)
        .abortSignal(signal)
        .throwOnError()
        // An id that cannot be one (e.g. INC-1) names no incident.
        .then(undefined, (error: unknown) => (isMalformedId(error) ? null : Promise.reject(error)));
      if (!read) return null;
      const { data } = read;
      const row = ((data ?? []) as unknown as IncidentDetail[])[0];
      if (!row) return null;
      const hypotheses = byCreation(row.hypotheses ?? []).map((h) => ({
        ...h,
        comments: byCreation(h.comments ?? []).map((comment) => ({ ...comment, edits: byEditTime(comment.edits) })),
        evidences: byCreation(h.evidences ?? []),
      }));
      return { ...row, hypotheses };
    },
    meta: { errorToast: false },
  });
}

/** `GET /incident_histories?incident_id=eq.{id}`, newest first. */
export function useIncidentHistory(id: string) {
  return useQuery({
    queryKey: incidentKeys.history(id),
    queryFn: async ({ signal }): Promise<IncidentHistoryRow[]> => {
      const { data } = await db
        .from('incident_histories')
        .select(`id,type,description,properties,created_at,person:created_by${PERSON}`)
        .eq('incident_id', id)
        .order('created_at', { ascending: false })
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as unknown as IncidentHistoryRow[];
    },
  });
}

export function usePeople() {
  return useQuery({
    queryKey: incidentKeys.people(),
    queryFn: async ({ signal }): Promise<PersonRef[]> => {
      const { data } = await db.from('people').select('id,name,avatar').order('name').abortSignal(signal).throwOnError();
      return (data ?? []) as unknown as PersonRef[];
    },
    staleTime: 300_000,
  });
}

export interface NewIncident {
  title: string;
  description: string;
  severity: StoredSeverity;
  status: IncidentStatus;
  type: IncidentType;
}

/** `POST /incidents` (the server records the caller as creator), then its root hypothesis; answers the new id. */
export function useCreateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (incident: NewIncident): Promise<string> => {
      const { data } = await db
        .from('incidents')
        .insert({ ...incident, description: incident.description || null })
        .select('id')
        .throwOnError();
      const id = (data as { id: string }[])[0]!.id;
      await db.from('hypotheses').insert({ incident_id: id, title: incident.title, ...HYPOTHESIS_DEFAULTS }).throwOnError();
      return id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentKeys.all }),
    meta: { errorToast: false },
  });
}

export type IncidentPatch = Partial<{ title: string; status: IncidentStatus; severity: StoredSeverity; type: IncidentType }>;

/** `PATCH /incidents?id=eq.{id}`; the incident is read again after. */
export function useUpdateIncident(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: IncidentPatch) => {
      await db.from('incidents').update(patch).eq('id', id).throwOnError();
    },
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: incidentKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: incidentKeys.history(id) }),
    ]),
    meta: { errorToast: false },
  });
}

/** `PATCH /incidents?id=eq.{id}` clearing `deleted_at` (administrators only, the server says); the lists are read again. */
export function useRestoreIncident(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await db.from('incidents').update({ deleted_at: null }).eq('id', id).throwOnError();
    },
    onSuccess: () => toast.success('Incident restored'),
    onError: (error) => toast.error(error.message || 'Restoring the incident failed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: incidentKeys.all }),
    meta: { errorToast: false },
  });
}

/** Marks each evidence as part of the definition of done (`PATCH /evidences?id=eq.{id}`, spec 2 §7). */
export async function markDefinitionOfDone(ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => db.from('evidences').update({ definition_of_done: true }).eq('id', id).throwOnError()));
}

export interface NewHypothesis {
  parent_id: string | null;
  type: HypothesisType;
  title: string;
}

/** Creates, updates and deletes hypotheses of one incident; each reads the incident again. */
export function useHypothesisMutations(incidentId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: incidentKeys.detail(incidentId) });
  const create = useMutation({
    mutationFn: async (hypothesis: NewHypothesis) => {
      await db
        .from('hypotheses')
        .insert({ incident_id: incidentId, status: HYPOTHESIS_DEFAULTS.status, ...hypothesis })
        .throwOnError();
    },
    onSettled: refresh,
    onError: (error) => toast.error(error.message),
  });
  const update = useMutation({
    mutationFn: async ({ id, ...patch }: { id: string; status?: HypothesisStatus; title?: string }) => {
      await db.from('hypotheses').update(patch).eq('id', id).throwOnError();
    },
    onSettled: refresh,
    onError: (error) => toast.error(error.message),
  });
  /** Removes the hypothesis's comments and evidence first (spec 2 §4). */
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await db.from('comments').delete().eq('hypothesis_id', id).throwOnError();
      await db.from('evidences').delete().eq('hypothesis_id', id).throwOnError();
      await db.from('hypotheses').delete().eq('id', id).throwOnError();
    },
    onSettled: refresh,
    onError: (error) => toast.error(error.message),
  });
  return { create, update, remove };
}

function withComment(incident: IncidentDetail, comment: CommentRow): IncidentDetail {
  const hypotheses: HypothesisRow[] = incident.hypotheses.map((h) => (h.id === comment.hypothesis_id ? { ...h, comments: [...h.comments, comment] } : h));
  return { ...incident, hypotheses };
}

/** `POST /comments`, shown at once and taken back with a toast when the server refuses it (spec 2 §4). */
export function useAddComment(incidentId: string, me: PersonRef | null) {
  const queryClient = useQueryClient();
  const key = incidentKeys.detail(incidentId);
  return useMutation({
    mutationFn: async (input: { id: string; hypothesis_id: string; comment: string }) => {
      await db.from('comments').insert({ ...input, incident_id: incidentId }).throwOnError();
    },
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<IncidentDetail | null>(key);
      if (previous) {
        const optimistic: CommentRow = { ...input, incident_id: incidentId, created_at: new Date().toISOString(), created_by: me?.id ?? null, person: me, pending: true };
        queryClient.setQueryData(key, withComment(previous, optimistic));
      }
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(error.message || 'Adding the comment failed');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorToast: false },
  });
}
