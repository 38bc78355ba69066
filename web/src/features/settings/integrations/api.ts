import type { IntegrationType } from '@pharos/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import type { JobHistoryDetails } from '../../../api/job-history';
import type { PersonRef } from '../../../ui/resource-settings/person-cell';
import { settingsKeys } from '../../../api/settings-keys';

/** A row of integrations_with_status (spec 3 §3): a scraper, topology or log backend with its last job. */
interface IntegrationViewRow extends Omit<IntegrationRow, 'created_by'> {
  created_by: string | null;
}

export interface IntegrationRow {
  id: string;
  name: string;
  namespace: string | null;
  source: string | null;
  integration_type: IntegrationType;
  agent_id: string | null;
  agent: { id: string | null; name: string | null } | null;
  job_status: string | null;
  job_details: JobHistoryDetails | null;
  job_name: string | null;
  job_time_start: string | null;
  last_runtime: string | null;
  created_by: PersonRef | null;
  created_at: string;
  updated_at: string | null;
}

export interface IntegrationsPage {
  rows: IntegrationRow[];
  total: number;
}

export const integrationKeys = {
  all: () => [...settingsKeys.all, 'integrations'] as const,
  list: (pageIndex: number, pageSize: number) => [...integrationKeys.all(), 'list', { pageIndex, pageSize }] as const,
};

/**
 * `GET integrations_with_status?order=created_at.desc`, one page, counted, and the people who
 * created its rows (`GET people?id=in.(…)`): the view unites three tables, so the data service
 * cannot embed through its created_by.
 */
export function useIntegrations(pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: integrationKeys.list(pageIndex, pageSize),
    queryFn: async ({ signal }): Promise<IntegrationsPage> => {
      const from = pageIndex * pageSize;
      const { data, count } = await db
        .from('integrations_with_status')
        .select('*', { count: 'exact' })
        .order('created_at', { ascending: false })
        .range(from, from + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      const viewRows = (data ?? []) as unknown as IntegrationViewRow[];
      const people = await peopleById(viewRows.flatMap((row) => (row.created_by ? [row.created_by] : [])), signal);
      const rows = viewRows.map((row) => ({ ...row, created_by: row.created_by ? (people.get(row.created_by) ?? null) : null }));
      return { rows, total: count ?? rows.length };
    },
    placeholderData: keepPreviousData,
  });
}

async function peopleById(ids: string[], signal: AbortSignal): Promise<Map<string, PersonRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data } = await db.from('people').select('id,name,avatar').in('id', unique).abortSignal(signal).throwOnError();
  const people = (data ?? []) as unknown as (PersonRef & { id: string })[];
  return new Map(people.map((person) => [person.id, person]));
}

/** Refetches the list after an integration is added, changed or deleted elsewhere than its own table's screens. */
export function useInvalidateIntegrations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.all() });
}
