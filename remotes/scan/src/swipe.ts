import { type MouseEvent, type PointerEvent, useRef } from 'react';

/** A pointer that moves further than this between press and release dragged: its click is no click. */
const DRAG_PX = 10;

/**
 * Horizontal swipes: a pointer that moves at least `minX` pixels sideways (and less than `maxY` up or down)
 * calls onSwipe with -1 (towards the previous item) or 1 (towards the next). The click that a mouse fires
 * at the end of a drag is swallowed, so that dragging never also opens what was under the pointer.
 */
export function useSwipe(onSwipe: (direction: -1 | 1) => void, minX: number, maxY = Number.POSITIVE_INFINITY) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const dragged = useRef(false);
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY };
      dragged.current = false;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      dragged.current = Math.hypot(dx, dy) > DRAG_PX;
      if (Math.abs(dx) >= minX && Math.abs(dy) < maxY) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
    onClickCapture: (event: MouseEvent) => {
      if (!dragged.current) return;
      dragged.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
