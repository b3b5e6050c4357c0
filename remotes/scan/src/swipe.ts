import { type PointerEvent, useRef } from 'react';

/**
 * Horizontal swipes: a pointer that moves at least `minX` pixels sideways (and less than `maxY` up or down)
 * calls onSwipe with -1 (towards the previous item) or 1 (towards the next).
 */
export function useSwipe(onSwipe: (direction: -1 | 1) => void, minX: number, maxY = Number.POSITIVE_INFINITY) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= minX && Math.abs(dy) < maxY) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
