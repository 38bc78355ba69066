import { cn } from './cn';

/**
 * Text of a table cell that keeps to one line and its column's width: a long name, URL or source is
 * cut with an ellipsis, and its title shows it whole.
 */
export function CellText({ text, className }: { text: string | null | undefined; className?: string }) {
  if (!text) return null;
  return (
    <span className={cn('block truncate', className)} title={text}>
      {text}
    </span>
  );
}
