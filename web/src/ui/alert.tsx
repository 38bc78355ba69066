import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export type AlertTone = 'info' | 'error' | 'success';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const TONES: Record<AlertTone, string> = {
  info: 'bg-info-soft border-info-border text-info',
  error: 'bg-danger-soft border-danger-border text-danger',
  success: 'bg-success-soft border-success-border text-success',
};

const ICONS = { info: Info, error: CircleAlert, success: CircleCheck } as const;

/** A message box; info (blue) is the default, as used for the messages of an identity flow. */
export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  const Icon = ICONS[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-tone={tone}
      className={cn('flex gap-2.5 rounded-md border px-3 py-2.5 text-sm', TONES[tone], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className="text-fg">{children}</div>}
      </div>
    </div>
  );
}
