import { Mail, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog } from '../../../ui/dialog';
import { RelativeTime } from '../../../ui/relative-time';
import { TextInput } from '../../../ui/text-input';
import { toast } from '../../../ui/toast/toast-store';
import { useCreateSlaSchedule, useDeleteSlaSchedule, useSlaSchedules, type SlaQuery, type SlaSchedule } from './sla-api';

const selectClass = 'h-9 w-full cursor-pointer rounded-md border border-border-strong bg-surface px-2 text-sm text-fg';

function ScheduleDialog({ open, onOpenChange, query }: { open: boolean; onOpenChange: (open: boolean) => void; query: SlaQuery }) {
  const create = useCreateSlaSchedule();
  const [name, setName] = useState('');
  const [schedule, setSchedule] = useState('@weekly');
  const [recipients, setRecipients] = useState('');
  const [format, setFormat] = useState<'pdf' | 'csv'>('pdf');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const addresses = recipients.split(/[\s,;]+/).filter(Boolean);
    create.mutate(
      { name, schedule, recipients: addresses, report: { period: query.period, group_by: query.group_by, target: Number(query.target), format } },
      {
        onSuccess: () => {
          toast.success(`${name} will be mailed to ${addresses.length === 1 ? addresses[0] : `${addresses.length} people`}`);
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Schedule SLA report"
      description={`The report as shown (last ${query.period}, by ${query.group_by}, target ${query.target} %), mailed on a schedule.`}
      size="small"
      preventOutsideClose
    >
      <form className="space-y-3" onSubmit={submit}>
        <TextInput label="Name" required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        <div>
          <label htmlFor="sla-schedule-when" className="mb-1 block text-[0.8125rem] font-medium">
            Schedule
          </label>
          <select id="sla-schedule-when" className={selectClass} value={schedule} onChange={(event) => setSchedule(event.target.value)}>
            <option value="@daily">Every day</option>
            <option value="@weekly">Every week</option>
            <option value="@monthly">Every month</option>
          </select>
        </div>
        <TextInput label="Recipients" required placeholder="ops@example.com, lead@example.com" value={recipients} onChange={(event) => setRecipients(event.target.value)} />
        <div>
          <label htmlFor="sla-schedule-format" className="mb-1 block text-[0.8125rem] font-medium">
            Format
          </label>
          <select id="sla-schedule-format" className={selectClass} value={format} onChange={(event) => setFormat(event.target.value as 'pdf' | 'csv')}>
            <option value="pdf">PDF</option>
            <option value="csv">CSV</option>
          </select>
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Schedule
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The reports mailed on a schedule: listed for readers, created and deleted by those who may write canaries. */
export function SlaSchedules({ query, canWrite }: { query: SlaQuery; canWrite: boolean }) {
  const schedules = useSlaSchedules(true);
  const remove = useDeleteSlaSchedule();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SlaSchedule | null>(null);
  const list = schedules.data ?? [];

  return (
    <section aria-labelledby="sla-schedules-title" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 id="sla-schedules-title" className="text-sm font-semibold">
          Scheduled reports
        </h2>
        {canWrite && (
          <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
            <Mail className="size-4" aria-hidden="true" />
            Schedule report
          </Button>
        )}
      </div>
      {list.length === 0 ? (
        <p className="text-sm text-fg-muted">{schedules.isPending ? 'Loading…' : 'No report is mailed on a schedule.'}</p>
      ) : (
        <ul aria-label="Scheduled reports" className="divide-y divide-border rounded-md border border-border text-sm">
          {list.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span>
                <span className="font-medium">{entry.name}</span> · {entry.schedule} · {entry.report.format.toUpperCase()} · last {entry.report.period} to {entry.recipients.join(', ')}
                {entry.last_sent_at && (
                  <span className="text-fg-muted">
                    {' '}
                    · sent <RelativeTime value={entry.last_sent_at} />
                  </span>
                )}
              </span>
              {canWrite && (
                <Button variant="ghost" size="sm" aria-label={`Delete ${entry.name}`} onClick={() => setDeleting(entry)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && <ScheduleDialog open={creating} onOpenChange={setCreating} query={query} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete scheduled report ?"
        message={`${deleting?.name ?? ''} will no longer be mailed.`}
        confirmLabel="Delete"
        variant="danger"
        onConfirm={() => remove.mutateAsync(deleting?.id ?? '').then(() => toast.success('Scheduled report deleted'))}
      />
    </section>
  );
}
