import {
  isRecord,
  PLAYBOOK_DEFAULT_SOURCE,
  specSchemaPath,
  type PlaybookParameterType,
  type PlaybookRunStatus,
  type ResourceSearchKind,
  type ResourceSelector,
} from '@pharos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import { http } from '../../api/http';
import { db } from '../../api/postgrest';

/**
 * The playbooks area's calls (spec 2 section 7): playbooks through the data service, the run API
 * under /api/playbook, and the query keys both the playbook screens and the runs screens use.
 */

export const PLAYBOOK_API = '/api/playbook';

export const playbookKeys = {
  all: ['playbooks'] as const,
  list: () => [...playbookKeys.all, 'list'] as const,
  detail: (id: string) => [...playbookKeys.all, 'detail', id] as const,
  names: () => [...playbookKeys.all, 'names'] as const,
  schema: () => [...playbookKeys.all, 'schema'] as const,
  forResource: (target: RunTarget) => [...playbookKeys.all, 'for', target] as const,
  params: (id: string, target: RunTarget) => [...playbookKeys.all, 'params', id, target] as const,
  runs: {
    all: ['playbook-runs'] as const,
    detail: (id: string) => [...playbookKeys.runs.all, 'detail', id] as const,
  },
};

/** A parameter of a playbook's spec (spec 1 section 3). */
export interface PlaybookParameter {
  name: string;
  label?: string;
  description?: string;
  type?: PlaybookParameterType;
  required?: boolean;
  default?: string | number | boolean;
  properties?: PlaybookParameterProperties;
}

export interface PlaybookParameterProperties {
  size?: string;
  language?: string;
  jsonSchemaUrl?: string;
  options?: readonly (string | { label?: string; value: string })[];
  /** Narrows a component, config or check picker, e.g. `[{type: Kubernetes::Pod}]`. */
  filter?: unknown;
  multiline?: boolean | string;
  maxLength?: number;
  minLength?: number;
  regex?: string;
  /** bytes, millicores, dns1123, or another input type (number, email …). */
  format?: string;
  /** A number's bounds, or a duration's (`5m`). */
  min?: number | string;
  max?: number | string;
  [key: string]: unknown;
}

export interface PlaybookSpec {
  title?: string;
  description?: string;
  icon?: string;
  category?: string;
  checks?: ResourceSelector[];
  components?: ResourceSelector[];
  configs?: ResourceSelector[];
  parameters?: PlaybookParameter[];
  actions?: Record<string, unknown>[];
  [key: string]: unknown;
}

/** A row of `playbooks`. */
export interface Playbook {
  id: string;
  name: string;
  namespace?: string;
  title: string;
  icon: string | null;
  description: string | null;
  category: string | null;
  source: string | null;
  spec: PlaybookSpec | null;
  created_by?: string | null;
  created_at?: string;
  updated_at?: string;
}

/** A row of `playbook_names` (the runs filter). */
export interface PlaybookName {
  id: string;
  name: string;
  title: string;
  icon: string | null;
  category: string | null;
  description: string | null;
}

/** The resource a run acts on: at most one of these. */
export interface RunTarget {
  check_id?: string;
  component_id?: string;
  config_id?: string;
}

export type ParameterValue = string | boolean;

export interface RunRequest extends RunTarget {
  id: string;
  params: Record<string, ParameterValue>;
}

/** `GET /api/playbook/run/{id}`'s actions. */
export interface PlaybookRunAction {
  id: string;
  name: string;
  status: PlaybookRunStatus;
  result: Record<string, unknown> | null;
  error: string | null;
  retry_count?: number;
  scheduled_time: string | null;
  start_time: string | null;
  end_time: string | null;
  created_at: string;
  /** The agent the action waits for or ran on (`runsOn`); null when it runs on this server. */
  agent?: { id: string; name: string } | null;
}

/** `GET /api/playbook/run/{id}`. */
export interface PlaybookRun {
  id: string;
  playbook_id: string;
  status: PlaybookRunStatus;
  error: string | null;
  parameters: Record<string, unknown> | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  created_by: string | null;
  scheduled_time: string | null;
  start_time: string | null;
  end_time: string | null;
  created_at: string;
  approvals: { person: string | null; email: string | null; team: string | null; created_at: string }[];
  /** Whether a waiting run waits for its approvers (else for an agent to take an action). */
  awaiting_approval?: boolean;
  /** While the run waits for approval: why the signed-in person may not approve it, or null when they may. */
  approval_refusal?: string | null;
  actions: PlaybookRunAction[];
}

const PLAYBOOK_COLUMNS = 'id,name,namespace,title,icon,description,category,source,spec,created_by,created_at,updated_at';

/** The kinds a playbook's selectors let it run on (none: it runs without a resource). */
export function targetKindsOf(spec: PlaybookSpec | null | undefined): ResourceSearchKind[] {
  return (['checks', 'components', 'configs'] as const).filter((kind) => Array.isArray(spec?.[kind]) && (spec?.[kind]?.length ?? 0) > 0);
}

/** Live playbooks, by title. */
export function usePlaybooks() {
  return useQuery({
    queryKey: playbookKeys.list(),
    queryFn: async ({ signal }): Promise<Playbook[]> => {
      const { data } = await db.from('playbooks').select(PLAYBOOK_COLUMNS).is('deleted_at', null).order('title').abortSignal(signal).throwOnError();
      return (data ?? []) as unknown as Playbook[];
    },
  });
}

/** `GET /playbooks?id=eq.{id}`. */
export function usePlaybook(id: string | undefined) {
  return useQuery({
    queryKey: playbookKeys.detail(id ?? ''),
    queryFn: async ({ signal }): Promise<Playbook | null> => {
      const { data } = await db.from('playbooks').select(PLAYBOOK_COLUMNS).eq('id', id ?? '').abortSignal(signal).throwOnError();
      return ((data ?? []) as unknown as Playbook[])[0] ?? null;
    },
    enabled: id !== undefined && id !== '',
  });
}

/** `GET /playbook_names`, by title. */
export function usePlaybookNames() {
  return useQuery({
    queryKey: playbookKeys.names(),
    queryFn: async ({ signal }): Promise<PlaybookName[]> => {
      const { data } = await db.from('playbook_names').select('id,name,title,icon,category,description').order('title').abortSignal(signal).throwOnError();
      return (data ?? []) as PlaybookName[];
    },
  });
}

/** The JSON Schema of a playbook spec (`/api/schemas/playbook-spec.schema.json`). */
export function usePlaybookSpecSchema() {
  return useQuery({
    queryKey: playbookKeys.schema(),
    queryFn: ({ signal }) => http.get<object>(specSchemaPath('playbook-spec'), { signal }),
    staleTime: Infinity,
    meta: { errorToast: false },
  });
}

/** A playbook's name from its title: lowercase letters, digits and single hyphens. */
export function playbookNameOf(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** What POST/PATCH /playbooks send: title and spec, with category, description and icon read from the spec. */
export function playbookPayload(title: string, spec: PlaybookSpec) {
  return {
    name: playbookNameOf(title),
    title: title.trim(),
    spec,
    category: text(spec.category),
    description: text(spec.description),
    icon: text(spec.icon),
    source: PLAYBOOK_DEFAULT_SOURCE,
  };
}

export interface SavePlaybookInput {
  /** Absent for a new playbook. */
  id?: string;
  title: string;
  spec: PlaybookSpec;
}

/** `POST /playbooks` (created_by is the server's) or `PATCH /playbooks?id=eq.{id}`. */
export function useSavePlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title, spec }: SavePlaybookInput): Promise<Playbook> => {
      const body = playbookPayload(title, spec);
      const query = id ? db.from('playbooks').update(body).eq('id', id) : db.from('playbooks').insert(body);
      const { data } = await query.select(PLAYBOOK_COLUMNS).throwOnError();
      return ((data ?? []) as unknown as Playbook[])[0]!;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playbookKeys.all }),
    meta: { errorToast: false },
  });
}

/** Soft delete: `PATCH /playbooks?id=eq.{id}` with deleted_at. */
export function useDeletePlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await db.from('playbooks').update({ deleted_at: new Date().toISOString() }).eq('id', id).throwOnError();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playbookKeys.all }),
    meta: { errorToast: false },
  });
}

/** Whether a target names a resource. */
export function hasTarget(target: RunTarget): boolean {
  return Boolean(target.check_id || target.component_id || target.config_id);
}

/** `GET /api/playbook/list?check_id=|component_id=|config_id=`: the playbooks that can run on that resource. */
export function usePlaybooksFor(target: RunTarget, enabled = true) {
  return useQuery({
    queryKey: playbookKeys.forResource(target),
    queryFn: ({ signal }) => http.get<Playbook[]>(`${PLAYBOOK_API}/list`, { query: { ...target }, signal }),
    enabled: enabled && hasTarget(target),
  });
}

/** `POST /api/playbook/{id}/params`: the parameters with their defaults rendered for the resource. */
export function usePlaybookParams(id: string | undefined, target: RunTarget, enabled = true) {
  return useQuery({
    queryKey: playbookKeys.params(id ?? '', target),
    queryFn: async ({ signal }) => (await http.post<{ params: PlaybookParameter[] }>(`${PLAYBOOK_API}/${id ?? ''}/params`, { ...target }, { signal })).params,
    enabled: enabled && id !== undefined && id !== '',
    meta: { errorToast: false },
  });
}

/** Why a run was refused: the response's error, else its message; and the server's list of problems. */
export function runFailureOf(error: unknown): { message: string; problems: string[] } {
  if (isApiError(error) && isRecord(error.body)) {
    const body = error.body;
    const problems = Array.isArray(body['problems']) ? body['problems'].filter((p): p is string => typeof p === 'string') : [];
    const message = text(body['error']) ?? text(body['message']) ?? error.message;
    return { message, problems };
  }
  return { message: error instanceof Error ? error.message : String(error), problems: [] };
}

/** `POST /api/playbook/run` → `{run_id}`. */
export function useRunPlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RunRequest) => http.post<{ run_id: string }>(`${PLAYBOOK_API}/run`, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playbookKeys.runs.all }),
    meta: { errorToast: false },
  });
}

/** `GET /api/playbook/run/{id}`. */
export function fetchPlaybookRun(id: string, signal?: AbortSignal): Promise<PlaybookRun> {
  return http.get<PlaybookRun>(`${PLAYBOOK_API}/run/${encodeURIComponent(id)}`, { signal });
}
