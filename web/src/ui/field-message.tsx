import type { ReactNode } from 'react';
import { cn } from './cn';

export type MessageTone = 'error' | 'info' | 'success';

export interface FieldMessageProps {
  id?: string;
  tone: MessageTone;
  /**
   * Laid over the space below the field (whose container must be `relative`), so that a message
   * appearing when a field is left does not push down what the pointer is about to click.
   */
  floating?: boolean;
  children: ReactNode;
}

const TONES: Record<MessageTone, string> = {
  error: 'text-danger',
  info: 'text-fg-muted',
  success: 'text-success',
};

/** A line of help or validation text beneath a form field. */
export function FieldMessage({ id, tone, floating, children }: FieldMessageProps) {
  return (
    <p id={id} className={cn('mt-1 text-[0.8125rem]', floating && 'absolute inset-x-0 truncate', TONES[tone])} data-tone={tone}>
      {children}
    </p>
  );
}
