import { Plus } from 'lucide-react';
import { usePermissions } from '../../../app/access/permissions';
import { Button } from '../../../ui/button';
import { useEvidenceActions } from '../evidence/evidence-api';
import { evidenceTitle } from '../evidence/evidence-item';
import { kindLabel } from '../evidence/evidence-kinds';
import type { IncidentDetail } from '../types';
import { DefinitionOfDoneItem } from './dod-item';
import { ADD_TO_DOD_FAILED, SCRIPT_SHORTCUTS } from './dod-scripts';
import { ManualDefinitionOfDone } from './manual-dod-form';

/**
 * The incident's definition of done: the evidence flagged for it, done or not, with its actions,
 * and the other evidence to add to it (with the script shortcut of its type).
 */
export function DefinitionOfDonePanel({ incident }: { incident: IncidentDetail }) {
  const actions = useEvidenceActions(incident.id);
  const canWrite = usePermissions().can('evidences', 'write');
  const evidences = incident.hypotheses.flatMap((h) => h.evidences);
  const items = evidences.filter((e) => e.definition_of_done);
  const others = evidences.filter((e) => !e.definition_of_done);
  const root = incident.hypotheses.find((h) => h.type === 'root') ?? incident.hypotheses[0];
  return (
    <div className="flex flex-col gap-3">
      {items.length === 0 ? (
        <p className="text-fg-muted">No Evidence</p>
      ) : (
        <ul aria-label="Definition of done items" className="flex flex-col gap-1.5">
          {items.map((item) => (canWrite ? <DefinitionOfDoneItem key={item.id} item={item} actions={actions} /> : <ReadOnlyItem key={item.id} title={evidenceTitle(item)} done={item.done} />))}
        </ul>
      )}
      {canWrite && others.length > 0 && (
        <section aria-label="Add to definition of done" className="flex flex-col gap-1">
          <h3 className="text-xs font-semibold text-fg-muted">Add to definition of done</h3>
          <ul className="flex flex-col gap-1">
            {others.map((evidence) => {
              const title = evidenceTitle(evidence);
              const shortcut = SCRIPT_SHORTCUTS[evidence.type];
              return (
                <li key={evidence.id} className="flex items-center gap-2">
                  <span className="text-xs text-fg-muted">{kindLabel(evidence.type)}</span>
                  <span className="min-w-0 flex-1 truncate">{title}</span>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Add ${title} to definition of done`}
                    disabled={actions.update.isPending}
                    onClick={() =>
                      actions.update.mutate({
                        id: evidence.id,
                        patch: { definition_of_done: true, ...(shortcut && !evidence.script ? { script: shortcut.script } : {}) },
                        failure: ADD_TO_DOD_FAILED,
                      })
                    }
                  >
                    <Plus className="size-3.5" aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {canWrite && root && <ManualDefinitionOfDone incidentId={incident.id} hypothesisId={root.id} />}
    </div>
  );
}

function ReadOnlyItem({ title, done }: { title: string; done: boolean }) {
  return (
    <li aria-label={title} data-done={done ? 'true' : 'false'} className="flex items-center gap-2">
      <span aria-label={done ? 'Done' : 'Not done'} role="img">
        {done ? '✓' : '○'}
      </span>
      {title}
    </li>
  );
}
