import type { SlaReport } from '@pharos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, withQuery } from '../../../api/http';

export type { SlaReport, SlaRow } from '@pharos/core';

export const SLA_REPORT_PATH = '/api/reports/sla';
export const SLA_SCHEDULES_PATH = '/api/reports/sla/schedules';

export interface SlaQuery {
  period: string;
  group_by: string;
  target: string;
}

export interface SlaSchedule {
  id: string;
  name: string;
  schedule: string;
  recipients: string[];
  report: { period: string; group_by: string; target: number; format: 'csv' | 'pdf' };
  last_sent_at: string | null;
}

export type NewSlaSchedule = Omit<SlaSchedule, 'id' | 'last_sent_at'>;

/** The address of the report as a file, for a download link. */
export function slaFileUrl(query: SlaQuery, format: 'csv' | 'pdf'): string {
  return withQuery(SLA_REPORT_PATH, { ...query, format, limit: 10_000 });
}

export function useSlaReport(query: SlaQuery) {
  return useQuery({
    queryKey: ['reports', 'sla', query],
    queryFn: ({ signal }) => http.get<SlaReport>(SLA_REPORT_PATH, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSlaSchedules(enabled: boolean) {
  return useQuery({ queryKey: ['reports', 'sla', 'schedules'], queryFn: ({ signal }) => http.get<SlaSchedule[]>(SLA_SCHEDULES_PATH, { signal }), enabled });
}

export function useCreateSlaSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: NewSlaSchedule) => http.post<SlaSchedule>(SLA_SCHEDULES_PATH, schedule),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reports', 'sla', 'schedules'] }),
  });
}

export function useDeleteSlaSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(`${SLA_SCHEDULES_PATH}/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reports', 'sla', 'schedules'] }),
  });
}
