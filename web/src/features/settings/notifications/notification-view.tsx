import type { ReactNode } from 'react';
import { formValuesOf } from './form-values';
import type { NotificationRow } from './types';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-3 py-1.5">
      <dt className="text-[0.8125rem] font-medium text-fg-muted">{term}</dt>
      <dd className="min-w-0 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

const code = (text: string) => <pre className="font-mono text-[0.8125rem] whitespace-pre-wrap">{text}</pre>;

/** A notification shown, not edited: defined elsewhere (source other than UI) or without write access. */
export function NotificationView({ notification, note }: { notification: NotificationRow; note: string }) {
  const values = formValuesOf(notification);
  const recipients = [
    notification.person?.name ?? (values.person_id || null),
    notification.team?.name ?? (values.team_id || null),
    ...values.custom_services.map((service) => service.connection ?? service.url ?? service.name),
  ].filter((text): text is string => Boolean(text));
  return (
    <div className="flex flex-col gap-3">
      <p role="note" className="rounded-md border border-info-border bg-info-soft px-3 py-2 text-[0.8125rem] text-info">
        {note}
      </p>
      <dl aria-label="Notification" className="divide-y divide-border">
        <Item term="Events">{values.events.join(', ')}</Item>
        <Item term="Title">{values.title}</Item>
        <Item term="Filter">{values.filter && code(values.filter)}</Item>
        <Item term="Recipients">{recipients.join(', ')}</Item>
        <Item term={values.scriptType === 'None' ? 'Template' : values.scriptType}>{values.template && code(values.template)}</Item>
        <Item term="Repeat Interval">{values.repeat_interval}</Item>
        <Item term="Properties">{values.properties && code(values.properties)}</Item>
        <Item term="Source">{notification.source}</Item>
      </dl>
    </div>
  );
}
