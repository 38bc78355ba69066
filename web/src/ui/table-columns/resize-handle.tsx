import { useRef, type PointerEvent } from 'react';

export interface ResizeHandleProps {
  label: string;
  /** The width the person set, if any. */
  width: number | undefined;
  onResize: (width: number) => void;
}

function renderedWidth(handle: HTMLElement | null): number {
  const cell = handle?.closest('th');
  return cell?.getBoundingClientRect().width || cell?.offsetWidth || 150;
}

/**
 * The edge of a column header, dragged to change the column's width. It is for pointers only and
 * kept out of the header's accessible name: the keyboard path is the width field of the Columns menu.
 */
export function ResizeHandle({ label, width, onResize }: ResizeHandleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!Number.isFinite(event.clientX)) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width ?? renderedWidth(ref.current) };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !Number.isFinite(event.clientX)) return;
    onResize(drag.current.startWidth + event.clientX - drag.current.startX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-resize-handle={label}
      title={`Drag to resize ${label}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onClick={(event) => event.stopPropagation()}
      className="absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-accent"
    />
  );
}
