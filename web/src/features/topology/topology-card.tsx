import { CARD_PROPERTIES_VISIBLE, type ComponentProperty, type TopologyComponent } from '@pharos/core';
import { Link } from 'react-router';
import { cn } from '../../ui/cn';
import { CardSummary } from './card-summary';
import { ComponentIcon } from './component-icon';
import { PropertyValue } from './property-value';
import { ShowMoreList } from './show-more-list';
import { StatusDot, statusBorderClass, statusTextClass } from './status-style';
import { sortChildren, statusOf } from './topology-sort';

/** Below this width a card stacks its properties over its children. */
const TWO_COLUMNS_FROM = 340;

const byOrder = (a: ComponentProperty, b: ComponentProperty) => (a.order ?? 0) - (b.order ?? 0);

function PropertyRow({ property }: { property: ComponentProperty }) {
  return (
    <span className="flex min-w-0 items-baseline gap-2 text-xs">
      <span className="shrink-0 text-fg-muted">{property.label || property.name}</span>
      <span className="min-w-0 text-fg">
        <PropertyValue property={property} />
      </span>
    </span>
  );
}

function ChildRow({ child, to }: { child: TopologyComponent; to: string }) {
  const status = statusOf(child);
  const headline = child.properties?.find((property) => property.headline);
  return (
    <Link to={to} className={cn('flex min-w-0 items-center gap-1.5 rounded-sm border-l-2 py-0.5 pl-1.5 text-xs hover:bg-surface-muted', statusBorderClass(status))}>
      <StatusDot status={status} className="size-2" />
      <ComponentIcon icon={child.icon} type={child.type} className="size-3.5" />
      <span className="min-w-0 flex-1 truncate" title={child.name}>
        {child.title || child.name}
      </span>
      {headline && (
        <span className="shrink-0 text-fg-muted">
          <PropertyValue property={headline} />
        </span>
      )}
      <span className="sr-only">{status}</span>
    </Link>
  );
}

export interface TopologyCardProps {
  component: TopologyComponent;
  /** Card width in pixels. */
  width: number;
  /** The link of a component (the card's own name and its children). */
  linkTo: (id: string) => string;
  selected?: boolean;
  /** Incidents badges (hidden when the incidents feature is off). */
  showIncidents?: boolean;
}

/**
 * A component as a card: icon, name, type, headline properties at the top, its other properties
 * (collapsing after 6) beside its children (unhealthy and warning first, collapsing after 5), its
 * checks, incidents and insights; an unhealthy card has a red border, a warning one an orange border.
 */
export function TopologyCard({ component, width, linkTo, selected = false, showIncidents = true }: TopologyCardProps) {
  const status = statusOf(component);
  const properties = [...(component.properties ?? [])].filter((property) => property.name || property.label).sort(byOrder);
  const headline = properties.filter((property) => property.headline);
  const others = properties.filter((property) => !property.headline);
  const children = sortChildren(component.components ?? []);
  const twoColumns = width >= TWO_COLUMNS_FROM;
  const name = component.title || component.name;
  return (
    <article
      aria-label={name}
      data-status={status}
      style={{ width }}
      className={cn(
        'flex max-w-full shrink-0 flex-col gap-2 rounded-lg border-2 bg-surface p-3 shadow-xs',
        statusBorderClass(status),
        selected && 'ring-2 ring-accent',
      )}
    >
      <header className="flex min-w-0 items-start gap-2">
        <ComponentIcon icon={component.icon} type={component.type} className="mt-0.5 size-6" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold" title={component.name}>
            <Link to={linkTo(component.id)} className="rounded-sm hover:underline">
              {name}
            </Link>
          </h3>
          <p className="truncate text-xs text-fg-muted">{[component.type, component.text].filter(Boolean).join(' · ') || '\u00a0'}</p>
        </div>
        <span className={cn('flex shrink-0 items-center gap-1 text-xs capitalize', statusTextClass(status))}>
          <StatusDot status={status} />
          {status}
        </span>
      </header>
      {headline.length > 0 && (
        <ul aria-label="Headline properties" className="flex flex-wrap gap-x-4 gap-y-1">
          {headline.map((property) => (
            <li key={property.name ?? property.label} className="flex flex-col">
              <span className="text-[0.6875rem] tracking-wide text-fg-muted uppercase">{property.label || property.name}</span>
              <span className="text-base font-semibold">
                <PropertyValue property={property} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {component.status_reason && status !== 'healthy' && <p className={cn('line-clamp-2 text-xs', statusTextClass(status))}>{component.status_reason}</p>}
      {(others.length > 0 || children.length > 0) && (
        <div className={cn('grid gap-3', twoColumns && others.length > 0 && children.length > 0 ? 'grid-cols-2' : 'grid-cols-1')}>
          {others.length > 0 && (
            <ShowMoreList
              label="Properties"
              items={others}
              visible={CARD_PROPERTIES_VISIBLE.left}
              itemKey={(property, index) => `${property.name ?? property.label ?? ''}:${index}`}
              renderItem={(property) => <PropertyRow property={property} />}
            />
          )}
          {children.length > 0 && (
            <ShowMoreList
              label="Components"
              items={children}
              visible={CARD_PROPERTIES_VISIBLE.right}
              itemKey={(child) => child.id}
              renderItem={(child) => <ChildRow child={child} to={linkTo(child.id)} />}
            />
          )}
        </div>
      )}
      <footer className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <CardSummary componentId={component.id} componentName={name} summary={component.summary ?? {}} checksTo={linkTo(component.id)} showIncidents={showIncidents} />
      </footer>
    </article>
  );
}
