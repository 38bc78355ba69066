import { agentLink, LOCAL_AGENT_ID } from '@pharos/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Guard } from '../../../app/access/guard';
import { linkClass } from '../../../ui/link-styles';
import { RelativeTime } from '../../../ui/relative-time';
import { useResourceExtensions } from '../../../ui/resource-extensions';
import type { ConfigDetail } from './detail-api';
import { HealthBadge } from './health-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function Pairs({ values, label }: { values: Record<string, string> | null; label: string }) {
  const entries = Object.entries(values ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return <span className="text-fg-muted">–</span>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1">
      {entries.map(([key, value]) => (
        <li key={key} className="rounded border border-border bg-surface-muted px-1.5 py-0.5 font-mono text-xs">
          {key}: {value}
        </li>
      ))}
    </ul>
  );
}

/** The right sidebar: what the config is, its health and times, where it was scraped from, and its incidents. */
export function ConfigSidebar({ config, lastScraped }: { config: ConfigDetail; lastScraped: string | null | undefined }) {
  const scraper = config.config_scrapers;
  const { RelatedIncidents } = useResourceExtensions();
  return (
    <aside aria-label="Details" className="w-full shrink-0 space-y-3 border-border lg:w-80 lg:border-l lg:pl-4">
      <h2 className="text-sm font-semibold">Details</h2>
      <dl className="space-y-3">
        <Fact label="Type">{config.type}</Fact>
        <Fact label="Class">{config.config_class ?? '–'}</Fact>
        {config.description && <Fact label="Description">{config.description}</Fact>}
        <Fact label="Health">
          <HealthBadge health={config.health} />
        </Fact>
        <Fact label="Status">{config.status ?? '–'}</Fact>
        <Fact label="Labels">
          <Pairs values={config.labels} label="Labels" />
        </Fact>
        <Fact label="Tags">
          <Pairs values={config.tags} label="Tags" />
        </Fact>
        <Fact label="Created">
          <RelativeTime value={config.created_at} fallback="–" />
        </Fact>
        <Fact label="Updated">
          <RelativeTime value={config.updated_at} fallback="–" />
        </Fact>
        {config.deleted_at && (
          <Fact label="Deleted">
            <RelativeTime value={config.deleted_at} />
          </Fact>
        )}
        <Fact label="Last scraped">
          <RelativeTime value={lastScraped ?? config.last_scraped_time} fallback="–" />
        </Fact>
        <Fact label="Scraper">
          {scraper ? (
            <Link to={`/catalog/scrapers/${encodeURIComponent(scraper.id)}`} className={linkClass}>
              {scraper.name}
            </Link>
          ) : (
            '–'
          )}
        </Fact>
        {config.source && <Fact label="Source">{config.source}</Fact>}
        <Fact label="Agent">
          {config.agent?.id && config.agent.id !== LOCAL_AGENT_ID ? (
            <Link to={agentLink(config.agent.id)} className={linkClass}>
              {config.agent.name ?? config.agent.id}
            </Link>
          ) : (
            'local'
          )}
        </Fact>
      </dl>
      <Guard resource="incident" features={['incidents']}>
        {RelatedIncidents && <RelatedIncidents target={{ config_id: config.id }} />}
      </Guard>
    </aside>
  );
}
