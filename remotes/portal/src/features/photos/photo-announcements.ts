import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { PHOTOS_COPY } from './copy.ts';

const text = PHOTOS_COPY.photoMoves;

/**
 * What dnd-kit's live region says while the owner reorders photos, in French and by position: 'Photo 2 sur
 * 4', never the photo's id. `order` is the gallery's order as the drag started (it changes only on drop).
 */
export function photoMoveAnnouncements(order: readonly UniqueIdentifier[]): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const count = order.length;
  const position = (id: UniqueIdentifier) => order.indexOf(id) + 1;
  // A drag starts over the photo's own place: said as 'saisie', not as a move, until it has moved once.
  let moved = false;
  return {
    screenReaderInstructions: { draggable: text.instructions },
    announcements: {
      onDragStart: ({ active }) => {
        moved = false;
        return text.picked(position(active.id), count);
      },
      onDragOver: ({ active, over }) => {
        if (!over || (!moved && over.id === active.id)) return undefined;
        moved = true;
        return text.over(position(active.id), position(over.id), count);
      },
      // Dropped outside every photo, it keeps its place: said as a cancel.
      onDragEnd: ({ active, over }) =>
        over ? text.dropped(position(over.id), count) : text.cancelled(position(active.id), count),
      onDragCancel: ({ active }) => text.cancelled(position(active.id), count),
    },
  };
}
