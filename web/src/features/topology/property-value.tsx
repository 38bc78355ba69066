import { formatBytes, RESOURCE_USAGE_RED_ABOVE, type ComponentProperty } from '@pharos/core';
import { cn } from '../../ui/cn';

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** A property's value as text: bytes humanised, millicores as `250m`, otherwise the number and its unit. */
export function formatPropertyValue(property: ComponentProperty): string {
  const { value, unit, text } = property;
  if (value === undefined || value === null) return text ?? '';
  switch (unit) {
    case 'bytes':
      return formatBytes(value);
    case 'millicores':
    case 'millicore':
      return `${numberFormat.format(value)}m`;
    case '%':
    case 'percent':
      return `${numberFormat.format(value)}%`;
    case undefined:
    case '':
      return numberFormat.format(value);
    default:
      return `${numberFormat.format(value)} ${unit}`;
  }
}

/** How full a property with a maximum is, in percent (0–100); null without a maximum. */
export function usagePercent(property: ComponentProperty): number | null {
  if (property.value === undefined || property.value === null || !property.max || property.max <= 0) return null;
  return Math.min(100, Math.max(0, (property.value / property.max) * 100));
}

/** A bar of value against max: red above 70 percent (spec 2 §9). */
function UsageBar({ percent, label }: { percent: number; label: string }) {
  return (
    <span
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      className="inline-block h-1.5 w-16 shrink-0 overflow-hidden rounded-full bg-surface-muted"
    >
      <span className={cn('block h-full rounded-full', percent > RESOURCE_USAGE_RED_ABOVE ? 'bg-danger' : 'bg-success')} style={{ width: `${percent}%` }} />
    </span>
  );
}

const isSafeUrl = (url: string) => /^(https?:|mailto:|\/)/i.test(url);

/** The value of a property: its text or number with unit, a bar against its maximum, and its links. */
export function PropertyValue({ property }: { property: ComponentProperty }) {
  const text = formatPropertyValue(property);
  const percent = usagePercent(property);
  const name = property.label || property.name || '';
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1.5">
      {property.color && <span aria-hidden="true" className="inline-block size-2 shrink-0 rounded-full" style={{ backgroundColor: property.color }} />}
      {text && (
        <span className="truncate" title={property.tooltip ?? text}>
          {text}
          {percent !== null && property.max !== undefined && (
            <span className="text-fg-muted"> / {formatPropertyValue({ ...property, value: property.max })}</span>
          )}
        </span>
      )}
      {percent !== null && <UsageBar percent={percent} label={`${name} usage`} />}
      {(property.links ?? [])
        .filter((link) => isSafeUrl(link.url))
        .map((link) => (
          <a
            key={link.url}
            href={link.url}
            target={link.url.startsWith('/') ? undefined : '_blank'}
            rel="noopener noreferrer"
            title={link.tooltip}
            className="truncate font-medium text-accent hover:underline"
          >
            {link.label || link.text || link.url}
          </a>
        ))}
    </span>
  );
}
