import { agentLink, LOCAL_AGENT_ID, UI_SOURCE } from '@pharos/core';
import { Link2 } from 'lucide-react';
import { Link } from 'react-router';
import { linkClass } from '../link-styles';

export interface LinkedSourceInput {
  source?: string | null;
  agent_id?: string | null;
  agent?: { id: string; name: string | null } | null;
}

export interface LinkedSource {
  /** 'Linked to …' */
  label: string;
  /** Where the owner of the resource can be seen, if anywhere in the console. */
  to?: string;
  /** The owner's name, id or path. */
  detail?: string;
}

function afterPrefix(source: string, prefix: string): string {
  return source.slice(prefix.length).replace(/^[/=:]/, '');
}

/**
 * Who owns a resource that is not edited here (spec 3 section 2.7): an agent (agent id other than
 * the all-zeros id), a component, Kubernetes, or a local file (ConfigFile). A UI or empty source
 * has no owner: null.
 */
export function linkedSourceOf(resource: LinkedSourceInput): LinkedSource | null {
  const agentId = resource.agent_id;
  if (agentId && agentId !== LOCAL_AGENT_ID) {
    return { label: 'Linked to agent', to: agentLink(agentId), detail: resource.agent?.name ?? agentId };
  }
  const source = resource.source?.trim() ?? '';
  if (source === '' || source === UI_SOURCE) return null;
  if (source.startsWith('ConfigFile')) {
    const path = afterPrefix(source, 'ConfigFile');
    return { label: 'Linked to local file', ...(path ? { detail: path } : {}) };
  }
  if (source.startsWith('component')) {
    const id = afterPrefix(source, 'component');
    return { label: 'Linked to component', ...(id ? { to: `/topology/${encodeURIComponent(id)}`, detail: id } : {}) };
  }
  if (source.startsWith('kubernetes')) {
    const object = afterPrefix(source, 'kubernetes');
    return { label: 'Linked to Kubernetes', ...(object ? { detail: object } : {}) };
  }
  return { label: `Linked to ${source}` };
}

/** Shown instead of the save and delete actions of a resource that is managed elsewhere. */
export function LinkedSourceBanner({ linked }: { linked: LinkedSource }) {
  return (
    <div
      role="note"
      className="flex items-center gap-2 rounded-md border border-info-border bg-info-soft px-3 py-2.5 text-sm text-info"
    >
      <Link2 className="size-4 shrink-0" aria-hidden="true" />
      <span className="font-medium">{linked.label}</span>
      {linked.detail &&
        (linked.to ? (
          <Link to={linked.to} className={linkClass}>
            {linked.detail}
          </Link>
        ) : (
          <span className="font-mono text-fg">{linked.detail}</span>
        ))}
    </div>
  );
}
