import { nextIncidentStatuses, STATUSES_ASKING_DEFINITION_OF_DONE, type IncidentStatus } from '@pharos/core';
import { useState } from 'react';
import { useDenied } from '../../app/access/denied';
import { toast } from '../../ui/toast/toast-store';
import { markDefinitionOfDone, useUpdateIncident } from './api';
import { DefinitionOfDoneDialog } from './dod-dialog';
import { LabelledSelect } from './labelled-select';
import { capitalize } from './severity';
import type { IncidentDetail } from './types';

export const STATUS_UPDATED = 'Incident status updated successfully';
export const STATUS_UPDATE_FAILED = 'Incident status updated failed';

/** The incident's status, offering the statuses it may move to; mitigated and resolved ask for the definition of done first. */
export function StatusControl({ incident }: { incident: IncidentDetail }) {
  const update = useUpdateIncident(incident.id);
  const denied = useDenied('incident');
  const [asking, setAsking] = useState<IncidentStatus | null>(null);
  const [marking, setMarking] = useState(false);
  const evidences = incident.hypotheses.flatMap((h) => h.evidences);

  const change = (status: IncidentStatus) =>
    update.mutateAsync({ status }).then(
      () => toast.success(STATUS_UPDATED),
      () => toast.error(STATUS_UPDATE_FAILED),
    );

  const choose = (value: string) => {
    const status = value as IncidentStatus;
    if (status === incident.status) return;
    if (STATUSES_ASKING_DEFINITION_OF_DONE.includes(status)) setAsking(status);
    else void change(status);
  };

  const addAndChange = async (ids: string[]) => {
    if (!asking) return;
    setMarking(true);
    try {
      await markDefinitionOfDone(ids);
    } catch {
      toast.error('Marking evidence as part of definition of done failed');
      setMarking(false);
      return;
    }
    setMarking(false);
    const status = asking;
    setAsking(null);
    await change(status);
  };

  return (
    <>
      <LabelledSelect
        label="Status"
        value={incident.status}
        options={nextIncidentStatuses(incident.status).map((s) => ({ value: s, label: capitalize(s) }))}
        onChange={choose}
        disabledReason={denied}
      />
      <DefinitionOfDoneDialog
        open={asking !== null}
        evidences={evidences}
        busy={marking || update.isPending}
        onCancel={() => setAsking(null)}
        onSkip={() => {
          const status = asking;
          setAsking(null);
          if (status) void change(status);
        }}
        onAdd={(ids) => void addAndChange(ids)}
      />
    </>
  );
}
