import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { FieldLabel } from './field-label';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: ReactNode;
  /** Messages shown beneath the field (e.g. `<FieldMessage>`s); linked with aria-describedby. */
  messages?: ReactNode;
  invalid?: boolean;
  /** Smaller text, for long scripts and bodies. */
  dense?: boolean;
}

const areaClass =
  'block w-full rounded-md border bg-surface px-3 py-2 font-mono text-fg placeholder:text-fg-muted ' +
  'border-border-strong focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30 ' +
  'disabled:bg-surface-muted disabled:text-fg-muted aria-[invalid=true]:border-danger';

/** A labelled multi-line input for expressions, templates and scripts, styled as the text inputs. */
export function TextArea({ label, messages, invalid, dense, id, className, rows = 3, ...rest }: TextAreaProps) {
  const generated = useId();
  const areaId = id ?? generated;
  const messagesId = `${areaId}-messages`;
  return (
    <div className={className}>
      <FieldLabel htmlFor={areaId} required={rest.required}>
        {label}
      </FieldLabel>
      <textarea
        id={areaId}
        rows={rows}
        aria-invalid={invalid || undefined}
        aria-describedby={messages ? messagesId : undefined}
        className={cn(areaClass, dense ? 'text-xs' : 'text-[0.8125rem]')}
        {...rest}
      />
      {messages && <div id={messagesId}>{messages}</div>}
    </div>
  );
}
