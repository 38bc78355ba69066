import { UI_SOURCE } from '@pharos/core';
import { Link } from 'react-router';
import { linkClass } from '../../../ui/link-styles';
import type { CheckDetail } from './drawer-api';

export interface SourceLink {
  label: string;
  to?: string;
}

/**
 * Where the check's canary comes from: a component (→ /topology/{id}), Kubernetes, a local file
 * applied with `pharos apply` (ConfigFile=path), or the health-check settings when made there.
 */
export function sourceLinkOf(canary: CheckDetail['canaries'], canaryId: string): SourceLink {
  const source = canary?.source?.trim() ?? '';
  const settings = `/settings/canaries/${encodeURIComponent(canaryId)}`;
  const name = canary ? `${canary.namespace ?? 'default'}/${canary.name}` : canaryId;
  const rest = (prefix: string) => source.slice(prefix.length).replace(/^[/=:]/, '');
  if (source.startsWith('ConfigFile')) return { label: `Source: ${rest('ConfigFile') || 'a local file'}` };
  if (source.startsWith('component')) return { label: 'Source: component', to: `/topology/${encodeURIComponent(rest('component'))}` };
  if (source.startsWith('kubernetes')) return { label: `Source: Kubernetes ${rest('kubernetes')}`.trim() };
  if (source === '' || source === UI_SOURCE) return { label: `Source: canary ${name}`, to: settings };
  return { label: `Source: ${source}` };
}

export function CheckSourceLink({ canary, canaryId }: { canary: CheckDetail['canaries']; canaryId: string }) {
  const link = sourceLinkOf(canary, canaryId);
  if (!link.to) return <span className="truncate text-sm text-fg-muted" title={link.label}>{link.label}</span>;
  return (
    <Link to={link.to} className={`${linkClass} truncate text-sm`}>
      {link.label}
    </Link>
  );
}
