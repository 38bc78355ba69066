import { JOB_STATUS_COLOURS, JOB_STATUSES, type Colour, type JobStatus } from '@pharos/core';
import { cn } from '../cn';
import { linkClass } from '../link-styles';

/** The palette of the colour names core gives statuses, readable on both themes. */
const COLOUR_CLASSES: Record<Colour, string> = {
  red: 'text-[light-dark(#b42318,#f97066)] bg-[light-dark(#fef3f2,#2b1515)]',
  orange: 'text-[light-dark(#b54708,#fdb022)] bg-[light-dark(#fffaeb,#2b1f0e)]',
  yellow: 'text-[light-dark(#854d0e,#fde047)] bg-[light-dark(#fefce8,#2a2610)]',
  green: 'text-[light-dark(#067647,#47cd89)] bg-[light-dark(#ecfdf3,#0f2a1e)]',
  gray: 'text-fg-muted bg-surface-muted',
};

function isJobStatus(value: string): value is JobStatus {
  return (JOB_STATUSES as readonly string[]).includes(value);
}

/** A job status in its colour (RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red). */
export function JobStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  const colour: Colour = isJobStatus(status) ? JOB_STATUS_COLOURS[status] : 'gray';
  return (
    <span
      data-colour={colour}
      className={cn('inline-flex rounded px-1.5 py-0.5 text-xs font-semibold tracking-wide', COLOUR_CLASSES[colour])}
    >
      {status}
    </span>
  );
}

const hasDetails = (details: unknown) => details !== null && typeof details === 'object' && Object.keys(details).length > 0;

/** A resource's last job status, with '(View details)' when its last run left details. */
export function JobStatusCell({ status, details, onViewDetails }: { status: string | null | undefined; details: unknown; onViewDetails: () => void }) {
  return (
    <span className="inline-flex items-center gap-1">
      <JobStatusBadge status={status} />
      {hasDetails(details) && (
        <button
          type="button"
          className={linkClass}
          onClick={(event) => {
            // The row opens the resource on click; this opens only the details.
            event.stopPropagation();
            onViewDetails();
          }}
        >
          (View details)
        </button>
      )}
    </span>
  );
}
