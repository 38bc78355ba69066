import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../../ui/cn';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: ReactNode;
  messages?: ReactNode;
  invalid?: boolean;
}

const areaClass =
  'block w-full rounded-md border bg-surface px-3 py-2 font-mono text-[0.8125rem] text-fg placeholder:text-fg-muted ' +
  'border-border-strong focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30 ' +
  'disabled:bg-surface-muted disabled:text-fg-muted aria-[invalid=true]:border-danger';

/** A labelled multi-line input for expressions and templates, styled as the text inputs. */
export function TextArea({ label, messages, invalid, id, className, rows = 3, ...rest }: TextAreaProps) {
  const generated = useId();
  const areaId = id ?? generated;
  const messagesId = `${areaId}-messages`;
  return (
    <div className={className}>
      <label htmlFor={areaId} className="mb-1 block text-[0.8125rem] font-medium text-fg">
        {label}
      </label>
      <textarea
        id={areaId}
        rows={rows}
        aria-invalid={invalid || undefined}
        aria-describedby={messages ? messagesId : undefined}
        className={cn(areaClass)}
        {...rest}
      />
      {messages && <div id={messagesId}>{messages}</div>}
    </div>
  );
}
