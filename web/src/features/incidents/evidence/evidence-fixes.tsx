import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { useAllowed } from '../../../app/access';
import { Button } from '../../../ui/button';
import { useResourceExtensions, type ResourceRef } from '../../../ui/resource-extensions';
import type { EvidenceRow } from '../types';

/** The resource a playbook could fix: the evidence's check, component or config. */
export function fixTarget(evidence: EvidenceRow): ResourceRef | null {
  if (evidence.type === 'check' && evidence.check?.id) return { check_id: evidence.check.id };
  if (evidence.type === 'topology' && evidence.component?.id) return { component_id: evidence.component.id };
  if ((evidence.type === 'config' || evidence.type === 'config_change') && evidence.config?.id) return { config_id: evidence.config.id };
  return null;
}

/** 'Suggested fixes' of an evidence's resource, asked for when the person opens them. */
export function EvidenceFixes({ evidence }: { evidence: EvidenceRow }) {
  const { SuggestedFixes } = useResourceExtensions();
  const allowed = useAllowed('playbooks', 'read', ['playbooks']);
  const [open, setOpen] = useState(false);
  const target = fixTarget(evidence);
  if (!SuggestedFixes || !allowed || !target) return null;
  return (
    <div className="flex flex-col gap-1">
      <div>
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          <Wrench className="size-3.5" aria-hidden="true" />
          {open ? 'Hide suggested fixes' : 'Suggested fixes'}
        </Button>
      </div>
      {open && <SuggestedFixes target={target} />}
    </div>
  );
}
