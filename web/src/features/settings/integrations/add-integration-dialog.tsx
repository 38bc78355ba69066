import { useState, type ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { useResourceExtensions } from '../../../ui/resource-extensions';
import { toast } from '../../../ui/toast/toast-store';
import { LogBackendForm } from '../log-backends/log-backend-form';
import { TopologyForm } from '../topologies/topology-pages';
import { AddIntegrationOptions } from './add-integration-options';
import { useInvalidateIntegrations } from './api';
import { isGitOpsOption } from './gitops/charts';
import { GitOpsInstall } from './gitops/gitops-install';

export interface AddIntegrationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Add Integration': a choice of what to add, then 'Add Integration - {option}' with the form of a
 * direct kind (saved here) or the generated install of a GitOps chart.
 */
export function AddIntegrationDialog({ open, onOpenChange }: AddIntegrationDialogProps) {
  const [option, setOption] = useState<string | null>(null);
  const changeOpen = (next: boolean) => {
    if (!next) setOption(null);
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={option ? `Add Integration - ${option}` : 'Add Integration'}
      size="large"
      preventOutsideClose
    >
      {open &&
        (option ? (
          <ChosenOption option={option} onBack={() => setOption(null)} onDone={() => changeOpen(false)} />
        ) : (
          <AddIntegrationOptions onChoose={setOption} />
        ))}
    </Dialog>
  );
}

function ChosenOption({ option, onBack, onDone }: { option: string; onBack: () => void; onDone: () => void }) {
  const { ScraperForm } = useResourceExtensions();
  const invalidate = useInvalidateIntegrations();
  const back = (
    <Button variant="secondary" onClick={onBack}>
      Back
    </Button>
  );
  const saved = (name: string) => {
    toast.success(`${name} created successfully`);
    void invalidate();
    onDone();
  };

  if (isGitOpsOption(option)) {
    return (
      <GitOpsInstall
        key={option}
        option={option}
        actions={
          <>
            <span className="mr-auto">{back}</span>
            <DialogClose asChild>
              <Button>Close</Button>
            </DialogClose>
          </>
        }
      />
    );
  }
  let form: ReactNode;
  if (option === 'Custom Topology') form = <TopologyForm editorSize="medium" onSaved={saved} secondaryActions={back} />;
  else if (option === 'Catalog Scraper' && ScraperForm) form = <ScraperForm onSaved={({ name }) => saved(name)} secondaryActions={back} />;
  else if (option === 'Log Backends') form = <LogBackendForm onSaved={saved} secondaryActions={back} />;
  else form = <p className="text-sm text-danger">Unknown type</p>;
  return <>{form}</>;
}
