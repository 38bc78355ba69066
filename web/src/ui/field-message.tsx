import type { ReactNode } from 'react';
import { cn } from './cn';

export type MessageTone = 'error' | 'info' | 'success';

export interface FieldMessageProps {
  id?: string;
  tone: MessageTone;
  children: ReactNode;
}

const TONES: Record<MessageTone, string> = {
  error: 'text-danger',
  info: 'text-fg-muted',
  success: 'text-success',
};

/** A line of help or validation text beneath a form field. */
export function FieldMessage({ id, tone, children }: FieldMessageProps) {
  return (
    <p id={id} className={cn('mt-1 text-[0.8125rem]', TONES[tone])} data-tone={tone}>
      {children}
    </p>
  );
}
