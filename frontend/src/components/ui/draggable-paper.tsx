import { useRef, useState, type PointerEvent } from 'react';
import Paper, { type PaperProps } from '@mui/material/Paper';

/** Marks the element (usually a DialogTitle) that drags its dialog. */
export const DRAG_HANDLE_CLASS = 'app-dialog-drag-handle';

/**
 * Dialog paper that can be moved by its title, with pointer events (mouse, pen, touch).
 * The dialog still opens centered; the offset resets when it is mounted again.
 */
export function DraggablePaper({ style, ...props }: PaperProps) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ startX: number; startY: number; baseX: number; baseY: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.button !== 0 || !target.closest(`.${DRAG_HANDLE_CLASS}`) || target.closest('button, a, input')) return;
    drag.current = { startX: event.clientX, startY: event.clientY, baseX: offset.x, baseY: offset.y };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    setOffset({ x: start.baseX + event.clientX - start.startX, y: start.baseY + event.clientY - start.startY });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
  };

  return (
    <Paper
      {...props}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{ ...style, transform: `translate(${offset.x}px, ${offset.y}px)` }}
    />
  );
}
