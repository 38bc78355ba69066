import { DEBOUNCE_MS, INCIDENT_DETAILS_DEFAULT_SEVERITY, INCIDENT_TYPES, type IncidentType } from '@pharos/core';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useDenied } from '../../app/access/denied';
import { RelativeTime } from '../../ui/relative-time';
import { useIncidentHistory, useUpdateIncident, type IncidentPatch } from './api';
import { changelogText } from './changelog-text';
import { DefinitionOfDonePanel } from './definition-of-done/definition-of-done-panel';
import { LabelledSelect } from './labelled-select';
import { RespondersSection } from './responders/responders-section';
import { capitalize, DETAIL_SEVERITIES, viewSeverity } from './severity';
import type { IncidentDetail, StoredSeverity } from './types';
import { useDebouncedSave } from './use-debounced-save';

export type PanelName = 'Details' | 'Definition of done' | 'Changelog';
const PANELS: readonly PanelName[] = ['Details', 'Definition of done', 'Changelog'];

function Panel({ name, open, onToggle, children }: { name: PanelName; open: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <section aria-label={name} className="rounded-md border border-border">
      <h2>
        <button type="button" aria-expanded={open} onClick={onToggle} className="flex w-full cursor-pointer items-center gap-2 px-3 py-2 text-sm font-semibold">
          {open ? <ChevronDown className="size-4" aria-hidden="true" /> : <ChevronRight className="size-4" aria-hidden="true" />}
          {name}
        </button>
      </h2>
      {open && <div className="min-w-0 border-t border-border px-3 py-2 text-sm break-words">{children}</div>}
    </section>
  );
}

/** Details, Definition of done and Changelog; opening one closes the others (spec 2 §2). */
export function SidePanels({ incident }: { incident: IncidentDetail }) {
  const [open, setOpen] = useState<PanelName | null>('Details');
  const content: Record<PanelName, ReactNode> = {
    Details: (
      <>
        <DetailsPanel incident={incident} />
        <RespondersSection incidentId={incident.id} />
      </>
    ),
    'Definition of done': <DefinitionOfDonePanel incident={incident} />,
    Changelog: <ChangelogPanel incidentId={incident.id} />,
  };
  return (
    <aside className="flex min-w-0 flex-col gap-2">
      {PANELS.map((name) => (
        <Panel key={name} name={name} open={open === name} onToggle={() => setOpen(open === name ? null : name)}>
          {content[name]}
        </Panel>
      ))}
    </aside>
  );
}

/** The severity shown: Medium reads Low, none reads High (spec 2 §4). */
const severityChoice = (severity: StoredSeverity | null) => viewSeverity(severity ?? INCIDENT_DETAILS_DEFAULT_SEVERITY);

function DetailsPanel({ incident }: { incident: IncidentDetail }) {
  const update = useUpdateIncident(incident.id);
  const save = useDebouncedSave<IncidentPatch>((patch) => update.mutate(patch), DEBOUNCE_MS.incidentFieldUpdate);
  const [severity, setSeverity] = useState<string>(severityChoice(incident.severity));
  const [type, setType] = useState<IncidentType>(incident.type);
  const denied = useDenied('incident');
  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2">
      <dt className="text-fg-muted">ID</dt>
      <dd>{incident.incident_id}</dd>
      <dt className="sr-only">Severity</dt>
      <dd className="col-span-2">
        <LabelledSelect
          label="Severity"
          value={severity}
          disabledReason={denied}
          options={DETAIL_SEVERITIES}
          onChange={(value) => {
            setSeverity(value);
            save.schedule({ severity: value as StoredSeverity });
          }}
        />
      </dd>
      <dt className="sr-only">Type</dt>
      <dd className="col-span-2">
        <LabelledSelect
          label="Type"
          value={type}
          disabledReason={denied}
          options={INCIDENT_TYPES.map((t) => ({ value: t, label: capitalize(t) }))}
          onChange={(value) => {
            setType(value as IncidentType);
            save.schedule({ type: value as IncidentType });
          }}
        />
      </dd>
      <dt className="text-fg-muted">Commander</dt>
      <dd>{incident.commander?.name ?? '-'}</dd>
      <dt className="text-fg-muted">Created by</dt>
      <dd>{incident.creator?.name ?? '-'}</dd>
      <dt className="text-fg-muted">Created</dt>
      <dd>
        <RelativeTime value={incident.created_at} />
      </dd>
    </dl>
  );
}

function ChangelogPanel({ incidentId }: { incidentId: string }) {
  const history = useIncidentHistory(incidentId);
  if (history.isPending) return <p className="text-fg-muted">Loading ...</p>;
  const rows = history.data ?? [];
  if (rows.length === 0) return <p className="text-fg-muted">No changelog found</p>;
  return (
    <ul aria-label="Changelog entries" className="flex flex-col gap-1.5">
      {rows.map((row) => {
        const { event, detail } = changelogText(row);
        return (
          <li key={row.id} data-type={row.type} className="flex flex-col">
            <span className="font-medium">{event}</span>
            {detail && <span className="line-clamp-3 break-words text-fg-muted">{detail}</span>}
            <span className="text-xs text-fg-muted">
              {row.person?.name ?? 'System'} · <RelativeTime value={row.created_at} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
