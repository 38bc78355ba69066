import type { ReactNode } from 'react';
import { cn } from './cn';

/** A bordered surface. */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('rounded-lg border border-border bg-surface shadow-xs', className)}>{children}</div>;
}
