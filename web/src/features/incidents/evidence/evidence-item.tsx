import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EvidenceRow } from '../types';
import { DeleteEvidenceButton } from './delete-evidence-button';
import { EvidenceFixes } from './evidence-fixes';
import { kindLabel } from './evidence-kinds';
import { LogEvidenceView } from './log-evidence-view';

const linkClass = 'hover:underline';

/** The name of what an evidence points at, for lists (definition of done, the status dialog). */
export function evidenceTitle(evidence: EvidenceRow): string {
  switch (evidence.type) {
    case 'check':
      return evidence.check?.name ?? evidence.description ?? 'Health check';
    case 'config':
      return evidence.config?.name ?? evidence.description ?? 'Config';
    case 'config_change':
      return evidence.config_change ? `${evidence.config_change.change_type}${evidence.config?.name ? ` on ${evidence.config.name}` : ''}` : (evidence.description ?? 'Config change');
    case 'config_analysis':
      return evidence.config_analysis ? `${evidence.config_analysis.analyzer}${evidence.config?.name ? ` on ${evidence.config.name}` : ''}` : (evidence.description ?? 'Insight');
    case 'topology':
      return evidence.component?.name ?? evidence.description ?? 'Component';
    case 'comment':
      return evidence.evidence?.comment ?? evidence.description ?? 'Comment';
    default:
      return evidence.description ?? (evidence.component?.name ? `Logs of ${evidence.component.name}` : 'Log lines');
  }
}

/** What the row shows of the evidence's resource: a link to it and its kind of finding. */
function subject(evidence: EvidenceRow): ReactNode {
  const config = evidence.config;
  const configLink = (tab = '') =>
    config ? (
      <Link to={`/catalog/${encodeURIComponent(config.id)}${tab}`} className={linkClass}>
        {config.name ?? config.id}
      </Link>
    ) : null;
  switch (evidence.type) {
    case 'check':
      return evidence.check ? (
        <>
          <Link to={`/health?checkId=${encodeURIComponent(evidence.check.id)}`} className={linkClass}>
            {evidence.check.name ?? evidence.check.id}
          </Link>
          {evidence.check.status && <span className="text-xs text-fg-muted">{evidence.check.status}</span>}
        </>
      ) : null;
    case 'config':
      return configLink();
    case 'config_change':
      return (
        <>
          {evidence.config_change && <span className="rounded bg-surface-muted px-1.5 text-xs">{evidence.config_change.change_type}</span>}
          {configLink('/changes')}
          {evidence.config_change?.summary && <span className="text-fg-muted">{evidence.config_change.summary}</span>}
        </>
      );
    case 'config_analysis':
      return (
        <>
          {evidence.config_analysis && <span className="rounded bg-surface-muted px-1.5 text-xs">{evidence.config_analysis.analyzer}</span>}
          {configLink('/insights')}
          {evidence.config_analysis?.status && <span className="text-xs text-fg-muted">{evidence.config_analysis.status}</span>}
        </>
      );
    case 'topology':
    case 'log':
      return evidence.component ? (
        <Link to={`/topology/${encodeURIComponent(evidence.component.id)}`} className={linkClass}>
          {evidence.component.name}
        </Link>
      ) : evidence.evidence?.backend ? (
        <span>{evidence.evidence.backend}</span>
      ) : null;
    default:
      return <span className="whitespace-pre-wrap">{evidence.evidence?.comment ?? ''}</span>;
  }
}

/** One evidence of a hypothesis: its type, what it points at (linked) and its description; log lines with their context; the suggested fixes of its resource. */
export function EvidenceItem({ evidence, incidentId }: { evidence: EvidenceRow; incidentId: string }) {
  const shown = subject(evidence);
  // A description that only repeats a name shown already (the default the wizard gives) is left out.
  const shownNames = [
    evidenceTitle({ ...evidence, description: null }),
    evidence.check?.name,
    evidence.config?.name,
    evidence.component?.name,
    evidence.config_change?.summary,
    evidence.config_change?.change_type,
    evidence.config_analysis?.analyzer,
  ];
  const describe = evidence.description && !shownNames.includes(evidence.description);
  return (
    <div data-type={evidence.type} className="flex flex-col">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-fg-muted">{kindLabel(evidence.type)}</span>
        {shown}
        {(describe || !shown) && <span>{evidence.description}</span>}
        <DeleteEvidenceButton incidentId={incidentId} evidenceId={evidence.id} title={evidenceTitle(evidence)} />
      </div>
      {evidence.type === 'log' && evidence.evidence && <LogEvidenceView evidence={evidence.evidence} />}
      <EvidenceFixes evidence={evidence} />
    </div>
  );
}
