import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Box, Flex, Grid, IconButton } from '@radix-ui/themes';
import { useMemo } from 'react';
import type { Photo } from './api.ts';
import { PHOTOS_COPY } from './copy.ts';
import { photoMoveAnnouncements } from './photo-announcements.ts';
import { photoUrl } from './photo-url.ts';

const text = PHOTOS_COPY.gallery;

/**
 * The gallery's photos, reordered by dragging (mouse, touch or keyboard), each with its cover and delete
 * buttons. A chunk of its own (dnd-kit is most of it), which the gallery asks for as it shows: the edit
 * page's form does not wait for it.
 */
export function SortablePhotos({
  photos,
  coverId,
  onCover,
  onRemove,
  onReorder,
}: {
  photos: Photo[];
  coverId: string | null;
  onCover: (photo: Photo) => void;
  onRemove: (photo: Photo) => void;
  /** The photos in their new order, after a drop that moved one. */
  onReorder: (photos: Photo[]) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const order = useMemo(() => photos.map((photo) => photo.id), [photos]);
  // Made again only when the photos change: it remembers, during a drag, whether the photo has moved.
  const moves = useMemo(() => photoMoveAnnouncements(order), [order]);
  const reorder = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = photos.findIndex((photo) => photo.id === active.id);
    const to = photos.findIndex((photo) => photo.id === over.id);
    onReorder(arrayMove(photos, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={reorder} accessibility={moves}>
      <SortableContext items={order} strategy={rectSortingStrategy}>
        <Grid columns={{ initial: '2', sm: '3', md: '4' }} gap="3" mt="3" asChild>
          <ol className="portal-gallery">
            {photos.map((photo, index) => (
              <Thumbnail
                key={photo.id}
                photo={photo}
                index={index}
                isCover={photo.id === coverId}
                onCover={() => onCover(photo)}
                onRemove={() => onRemove(photo)}
              />
            ))}
          </ol>
        </Grid>
      </SortableContext>
    </DndContext>
  );
}

function Thumbnail({
  photo,
  index,
  isCover,
  onCover,
  onRemove,
}: {
  photo: Photo;
  index: number;
  isCover: boolean;
  onCover: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({
    id: photo.id,
    attributes: { roleDescription: PHOTOS_COPY.photoMoves.handle },
  });
  return (
    <li
      ref={setNodeRef}
      className="portal-thumbnail"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={text.photo(index + 1)}
    >
      <img src={photoUrl(photo.path)} alt={text.photo(index + 1)} loading="lazy" />
      {isCover ? (
        <Box className="portal-thumbnail-badge">
          <Badge color="orange" variant="solid">
            {text.cover}
          </Badge>
        </Box>
      ) : null}
      <Flex className="portal-thumbnail-actions" gap="1">
        {isCover ? null : (
          <IconButton
            type="button"
            size="3"
            variant="solid"
            className="portal-thumbnail-action"
            onClick={onCover}
            aria-label={`${text.makeCover} (${text.photo(index + 1)})`}
          >
            ★
          </IconButton>
        )}
        <IconButton
          type="button"
          size="3"
          color="red"
          variant="solid"
          className="portal-thumbnail-action"
          data-photo-remove
          onClick={onRemove}
          aria-label={`${text.remove} (${text.photo(index + 1)})`}
        >
          ×
        </IconButton>
        <IconButton
          type="button"
          size="3"
          variant="solid"
          color="gray"
          className="portal-thumbnail-action"
          aria-label={`${text.move} (${text.photo(index + 1)})`}
          {...attributes}
          {...listeners}
        >
          ⠿
        </IconButton>
      </Flex>
    </li>
  );
}
