import { useId, type ReactNode } from 'react';
import { FieldLabel } from '../../../ui/field-label';
import { FieldMessage } from '../../../ui/field-message';

export const controlClass =
  'block w-full rounded-md border border-border-strong bg-surface px-3 text-sm text-fg placeholder:text-fg-muted ' +
  'focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30 aria-[invalid=true]:border-danger';

/** What a field's control is wired with: its id, the id of its messages, whether it is invalid. */
export interface FieldControlIds {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

export interface FieldFrameProps {
  label: string;
  required?: boolean;
  description?: string;
  error?: string;
  /** Renders the control with the ids its label and messages need. */
  children: (ids: FieldControlIds) => ReactNode;
}

/** A parameter's label above its control, and its description and message beneath it. */
export function FieldFrame({ label, required, description, error, children }: FieldFrameProps) {
  const id = useId();
  const messagesId = `${id}-messages`;
  const hasMessages = Boolean(description || error);
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {children({ id, describedBy: hasMessages ? messagesId : undefined, invalid: Boolean(error) })}
      {hasMessages && (
        <div id={messagesId}>
          {description && <FieldMessage tone="info">{description}</FieldMessage>}
          {error && <FieldMessage tone="error">{error}</FieldMessage>}
        </div>
      )}
    </div>
  );
}
