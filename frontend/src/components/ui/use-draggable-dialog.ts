import { useEffect, useRef, useState, type PointerEvent } from 'react';

/** Marks the element (usually a DialogTitle) that drags its dialog. */
export const DRAG_HANDLE_CLASS = 'app-dialog-drag-handle';

/**
 * Makes a dialog's paper movable by its title, with pointer events (mouse, pen, touch).
 * The result goes into the Dialog's `slotProps.paper`, so MUI's own paper (sizes,
 * margins, scrolling) stays in place. Each opening starts centered again.
 */
export function useDraggableDialog(open: boolean) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ startX: number; startY: number; baseX: number; baseY: number } | null>(
    null,
  );

  useEffect(() => {
    if (open) setOffset({ x: 0, y: 0 });
  }, [open]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (
      event.button !== 0 ||
      !target.closest(`.${DRAG_HANDLE_CLASS}`) ||
      target.closest('button, a, input')
    )
      return;
    drag.current = {
      startX: event.clientX,
      startY: event.clientY,
      baseX: offset.x,
      baseY: offset.y,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    setOffset({
      x: start.baseX + event.clientX - start.startX,
      y: start.baseY + event.clientY - start.startY,
    });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: onPointerUp,
    style:
      offset.x || offset.y ? { transform: `translate(${offset.x}px, ${offset.y}px)` } : undefined,
  };
}
