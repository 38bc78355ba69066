import { INTEGRATION_DEFAULTS } from '@pharos/core';
import { useMemo, useState, type ReactNode } from 'react';
import { Alert } from '../../../../ui/alert';
import { CodeEditor } from '../../../../ui/code-editor';
import { CopyButton } from '../../../../ui/copy-button';
import { FieldMessage } from '../../../../ui/field-message';
import { Tabs } from '../../../../ui/tabs';
import { TextInput } from '../../../../ui/text-input';
import { checkChartValues } from './chart-values';
import { gitOpsChart, type GitOpsOption } from './charts';
import { fluxManifest, helmCommands, intervalError, namespaceError } from './install-output';

/** Shown on both tabs of the generated install (spec 3 §2.5). */
export const FLUX_WARNING = 'You will need to have Kubernetes chart installed in flux to use this option.';

export interface GitOpsInstallProps {
  option: GitOpsOption;
  /** The form's buttons (Back and Close). */
  actions: ReactNode;
}

function Output({ label, text }: { label: string; text: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Alert tone="info">{FLUX_WARNING}</Alert>
      <div className="relative">
        <pre aria-label={label} className="max-h-80 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs whitespace-pre text-fg">
          {text}
        </pre>
        <CopyButton text={text} label={`Copy ${label}`} className="absolute top-2 right-2" />
      </div>
    </div>
  );
}

/**
 * An 'Add via GitOps' option: the chart's values in an editor checked against its JSON schema, the
 * namespace and interval, and the install they make, as a Flux manifest and as Helm CLI commands.
 */
export function GitOpsInstall({ option, actions }: GitOpsInstallProps) {
  const chart = gitOpsChart(option);
  const [namespace, setNamespace] = useState<string>(INTEGRATION_DEFAULTS.namespace);
  const [interval, setIntervalText] = useState<string>(INTEGRATION_DEFAULTS.interval);
  const [text, setText] = useState(chart.values);
  const checked = useMemo(() => checkChartValues(text, chart.schema), [text, chart.schema]);
  const namespaceMessage = namespaceError(namespace);
  const intervalMessage = intervalError(interval);
  const errors = checked.problems.filter((problem) => problem.severity === 'error');
  const ready = errors.length === 0 && !namespaceMessage && !intervalMessage;
  const settings = { namespace, interval, values: checked.values };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">
        {chart.description} (<span className="font-mono">{chart.chart}</span>)
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Namespace"
          required
          value={namespace}
          onChange={(event) => setNamespace(event.target.value)}
          invalid={Boolean(namespaceMessage)}
          messages={namespaceMessage ? <FieldMessage tone="error">{namespaceMessage}</FieldMessage> : undefined}
        />
        <TextInput
          label="Interval"
          required
          value={interval}
          onChange={(event) => setIntervalText(event.target.value)}
          invalid={Boolean(intervalMessage)}
          messages={intervalMessage ? <FieldMessage tone="error">{intervalMessage}</FieldMessage> : undefined}
        />
      </div>
      <div>
        <p className="mb-1 text-[0.8125rem] font-medium text-fg">Values</p>
        <CodeEditor label="Values" value={text} onChange={setText} schema={chart.schema} size="small" hideProblems />
        {errors.length > 0 && (
          <ul aria-label="Problems in the values" className="mt-1.5 list-disc space-y-0.5 pl-5 text-[0.8125rem] text-danger">
            {errors.map((problem) => (
              <li key={`${problem.from}:${problem.message}`}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      {ready ? (
        <Tabs
          label="Install with"
          items={[
            { value: 'flux', label: 'Flux', content: <Output label="Flux manifest" text={fluxManifest(chart, settings)} /> },
            { value: 'helm', label: 'Helm CLI', content: <Output label="Helm CLI commands" text={helmCommands(chart, settings)} /> },
          ]}
        />
      ) : (
        <Alert tone="error" title="Nothing to install yet">
          Fix the problems above to see the Flux manifest and the Helm CLI commands.
        </Alert>
      )}
      <div className="flex items-center justify-end gap-2">{actions}</div>
    </div>
  );
}
