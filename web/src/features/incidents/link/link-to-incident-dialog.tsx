import { DEBOUNCE_MS } from '@pharos/core';
import { Siren } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { ErrorPanel } from '../../../ui/error-panel';
import { PickerList } from '../../../ui/picker-list';
import type { LinkToIncidentProps } from '../../../ui/resource-extensions';
import { SearchBox } from '../../../ui/search-box';
import { toast } from '../../../ui/toast/toast-store';
import { useIncidentOptions, useLinkToIncident, type IncidentOption } from './link-api';

function IncidentList({ search, chosen, onChoose }: { search: string; chosen: string | null; onChoose: (incident: IncidentOption) => void }) {
  return (
    <PickerList options={useIncidentOptions(search, true)} legend="Incident" name="incident" chosen={chosen} onChoose={onChoose}>
      {(incident) => (
        <>
          <span className="font-mono text-xs text-fg-muted">{incident.incident_id}</span>
          <span className="min-w-0 flex-1 truncate">{incident.title}</span>
          <span className="text-xs text-fg-muted">{incident.status}</span>
        </>
      )}
    </PickerList>
  );
}

const KIND_NAMES = { config_id: 'config', component_id: 'component', check_id: 'check' } as const;

/**
 * Link to incident: pick an incident and add a config (with its selected lines), a component or a
 * check as evidence on its root hypothesis. Screens show it only when incidents are enabled and
 * evidence may be written.
 */
export function LinkToIncidentDialog({ target, description, lines = [], compact = false }: LinkToIncidentProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<IncidentOption | null>(null);
  const link = useLinkToIncident();
  const kind = (Object.keys(KIND_NAMES) as (keyof typeof KIND_NAMES)[]).find((key) => target[key]);
  const noun = kind ? KIND_NAMES[kind] : 'resource';

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setChosen(null);
      setSearch('');
      link.reset();
    }
  };

  const submit = () => {
    if (!chosen) return;
    link.mutate(
      { incident: chosen, target, description, lines },
      {
        onSuccess: () => {
          toast.success(`Linked to ${chosen.incident_id}`);
          changeOpen(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button variant="secondary" {...(compact ? { size: 'sm' as const } : {})}>
          {compact && <Siren aria-hidden="true" className="size-4" />}
          Link to incident
        </Button>
      }
      title="Link to incident"
      description={lines.length > 0 ? `Adds this ${noun} with its ${lines.length} selected lines as evidence.` : `Adds this ${noun} as evidence.`}
      size="small"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button onClick={submit} disabled={!chosen} loading={link.isPending}>
            Link
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <SearchBox label="Search incidents" placeholder="Search incidents" value={search} onChange={setSearch} delay={DEBOUNCE_MS.incidentSearch} />
        {open && <IncidentList search={search} chosen={chosen?.id ?? null} onChoose={setChosen} />}
        {link.isError && <ErrorPanel error={link.error} title={`The ${noun} could not be linked`} />}
      </div>
    </Dialog>
  );
}
