import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MIN_LOG_COLUMN_WIDTH } from './column-widths';

const KEY_STEP = 10;

export interface ColumnResizerProps {
  /** The column's name, e.g. 'Timestamp'. */
  label: string;
  width: number;
  onResize: (width: number) => void;
}

/** The drag handle at the right edge of a column header (also moved with the arrow keys). */
export function ColumnResizer({ label, width, onResize }: ColumnResizerProps) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(drag.current.width + event.clientX - drag.current.x);
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') onResize(width - KEY_STEP);
    else if (event.key === 'ArrowRight') onResize(width + KEY_STEP);
    else return;
    event.preventDefault();
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={width}
      aria-valuemin={MIN_LOG_COLUMN_WIDTH}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      className="absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-accent/40 focus-visible:bg-accent/60 focus-visible:outline-none"
    />
  );
}
