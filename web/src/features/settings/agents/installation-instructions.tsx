import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { Tabs } from '../../../ui/tabs';
import { cliCommands, fluxManifest, type InstallTarget } from './install-commands';
import type { GeneratedAgent } from './types';

function Snippet({ text, label }: { text: string; label: string }) {
  return (
    <div className="relative">
      <pre aria-label={label} className="max-h-80 overflow-auto rounded border border-border bg-surface-muted p-3 pr-10 font-mono text-xs whitespace-pre">
        {text}
      </pre>
      <CopyButton text={text} label={`Copy ${label}`} className="absolute top-1 right-1" />
    </div>
  );
}

/**
 * 'Installation Instructions' after an agent is created: its access token, shown this once, and
 * how to run the agent with it (tabs Flux and Helm CLI).
 */
export function InstallationInstructions({ agent, onClose }: { agent: GeneratedAgent | null; onClose: () => void }) {
  const target: InstallTarget | null = agent ? { upstream: window.location.origin, agentName: agent.name, token: agent.access_token } : null;
  return (
    <Dialog
      open={agent !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Installation Instructions"
      size="large"
      preventOutsideClose
      footer={
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      }
    >
      {target && agent && (
        <div className="flex flex-col gap-4">
          <Alert tone="info">
            This access token is shown only once. Copy it now: it cannot be shown again, and a lost token means creating the agent again.
          </Alert>
          <div className="flex items-center gap-2">
            <code aria-label="Access token" className="min-w-0 flex-1 rounded border border-border bg-surface-muted px-2 py-1 font-mono text-xs break-all">
              {agent.access_token}
            </code>
            <CopyButton text={agent.access_token} label="Copy access token" />
          </div>
          <p className="text-sm text-fg-muted">
            The agent connects to this Pharos with <code>pharos agent --upstream URL --token TOKEN</code>. Both ways below install the Pharos Helm chart
            (<code>deploy/helm/pharos</code> in the Pharos repository) in agent mode, with the token kept in a Kubernetes Secret.
          </p>
          <Tabs
            label="Installation method"
            items={[
              { value: 'flux', label: 'Flux', content: <Snippet label="Flux manifest" text={fluxManifest(target)} /> },
              { value: 'helm', label: 'Helm CLI', content: <Snippet label="Helm CLI commands" text={cliCommands(target)} /> },
            ]}
          />
        </div>
      )}
    </Dialog>
  );
}
