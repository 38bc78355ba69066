import { HYPOTHESIS_STATUSES, type HypothesisStatus } from '@pharos/core';
import { CheckCircle2, CircleDot, CircleHelp, CircleMinus, CircleSlash, XCircle, type LucideIcon } from 'lucide-react';
import { cn } from '../../ui/cn';
import { capitalize } from './severity';

const ICONS: Record<HypothesisStatus, { icon: LucideIcon; tone: string }> = {
  proven: { icon: CheckCircle2, tone: 'text-green-600' },
  likely: { icon: CircleDot, tone: 'text-green-500' },
  possible: { icon: CircleHelp, tone: 'text-amber-500' },
  unlikely: { icon: CircleMinus, tone: 'text-orange-500' },
  improbable: { icon: CircleSlash, tone: 'text-red-400' },
  disproven: { icon: XCircle, tone: 'text-red-600' },
};

export function HypothesisStatusIcon({ status, className }: { status: HypothesisStatus; className?: string }) {
  const { icon: Icon, tone } = ICONS[status];
  return <Icon role="img" aria-label={capitalize(status)} data-status={status} className={cn('size-4 shrink-0', tone, className)} />;
}

/** The status of a hypothesis with its icon; any status can be picked (spec 2 §4). */
export function HypothesisStatusSelect({
  value,
  onChange,
  label,
  disabledReason,
}: {
  value: HypothesisStatus;
  onChange: (status: HypothesisStatus) => void;
  label: string;
  /** Why the status may not be changed: disabled, with the reason on hover. */
  disabledReason?: string | null;
}) {
  return (
    <span className="inline-flex items-center gap-1" title={disabledReason ?? undefined}>
      <HypothesisStatusIcon status={value} />
      <select
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value as HypothesisStatus)}
        disabled={Boolean(disabledReason)}
        className="h-7 cursor-pointer rounded border border-border bg-surface px-1 text-xs text-fg disabled:cursor-not-allowed disabled:opacity-70"
      >
        {HYPOTHESIS_STATUSES.map((status) => (
          <option key={status} value={status}>
            {capitalize(status)}
          </option>
        ))}
      </select>
    </span>
  );
}
