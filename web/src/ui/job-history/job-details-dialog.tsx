import { formatDuration } from '@pharos/core';
import type { ReactNode } from 'react';
import type { JobHistoryRow } from '../../api/job-history';
import { DateTime } from '../date-time';
import { Dialog } from '../dialog';
import { toYamlText } from '../resource-settings/yaml-text';
import { JobAgentCell, JobResourceCell } from './job-history-columns';
import { JobStatusBadge } from './job-status';

/** The errors of a run as lines: a list as is, one text, or an object of errors by key. */
export function jobErrors(errors: unknown): string[] {
  if (errors === null || errors === undefined) return [];
  if (typeof errors === 'string') return errors ? [errors] : [];
  if (Array.isArray(errors)) return errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
  if (typeof errors === 'object') return Object.entries(errors).map(([key, e]) => `${key}: ${typeof e === 'string' ? e : JSON.stringify(e)}`);
  return [String(errors)];
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-fg">{children ?? '—'}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-1.5">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {children}
    </section>
  );
}

function YamlBlock({ value }: { value: unknown }) {
  return (
    <pre className="max-h-80 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap text-fg">
      {toYamlText(value)}
    </pre>
  );
}

/** 'Details for job {name}': the run's fields, its errors and its summaries. */
export function JobDetailsDialog({ job, onClose }: { job: JobHistoryRow | null; onClose: () => void }) {
  const details = job?.details ?? {};
  const errors = jobErrors(details.errors);
  return (
    <Dialog open={job !== null} onOpenChange={(open) => !open && onClose()} title={job ? `Details for job ${job.name}` : ''} size="large">
      {job && (
        <div className="space-y-5">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Field label="Status">
              <JobStatusBadge status={job.status} />
            </Field>
            <Field label="Started">
              <DateTime value={job.time_start ?? job.created_at} />
            </Field>
            <Field label="Duration">{job.duration_millis === null ? null : formatDuration(job.duration_millis)}</Field>
            <Field label="Agent">{job.agent ? <JobAgentCell row={job} /> : null}</Field>
            <Field label="Resource Type">{job.resource_type}</Field>
            <Field label="Resource">{job.resource_name || job.resource_id ? <JobResourceCell row={job} /> : null}</Field>
            <Field label="Success Count">{job.success_count}</Field>
            <Field label="Error Count">{job.error_count}</Field>
          </dl>
          {errors.length > 0 && (
            <Section title="Errors">
              <ul className="divide-y divide-border rounded-md border border-border">
                {errors.map((error, index) => (
                  <li key={index} className="px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap text-danger">
                    {error}
                  </li>
                ))}
              </ul>
            </Section>
          )}
          {!isEmpty(details.scrape_summary) && (
            <Section title="Scrape Summary">
              <YamlBlock value={details.scrape_summary} />
            </Section>
          )}
          {!isEmpty(details.summary) && (
            <Section title="Summary">
              <YamlBlock value={details.summary} />
            </Section>
          )}
          {errors.length === 0 && isEmpty(details.scrape_summary) && isEmpty(details.summary) && (
            <p className="text-sm text-fg-muted">No errors or summary were recorded for this run.</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
