import { JOB_STATUS_COLOURS, JOB_STATUSES, type Colour, type JobStatus } from '@pharos/core';
import { ColourBadge } from '../colour-badge';
import { linkClass } from '../link-styles';

function isJobStatus(value: string): value is JobStatus {
  return (JOB_STATUSES as readonly string[]).includes(value);
}

/** A job status in its colour (RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red). */
export function JobStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  const colour: Colour = isJobStatus(status) ? JOB_STATUS_COLOURS[status] : 'gray';
  return (
    <ColourBadge colour={colour} className="tracking-wide">
      {status}
    </ColourBadge>
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
