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
import { ConfirmDialog } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { LIMITS } from '@medaille/domain';
import { Badge, Box, Card, Flex, Grid, Heading, IconButton, Text } from '@radix-ui/themes';
import { useMemo, useRef, useState } from 'react';
import { COPY } from '../../copy.ts';
import type { AnimalPhotos, Photo } from './api.ts';
import { photoProblem } from './image-files.ts';
import { photoMoveAnnouncements } from './photo-announcements.ts';
import { PhotoDropZone } from './photo-drop-zone.tsx';
import { photoUrl } from './photo-url.ts';
import { UploadProgress } from './upload-progress.tsx';

const text = COPY.gallery;

/**
 * The animal's photos: add (click or drop), reorder by dragging (mouse, touch or keyboard), choose the
 * cover, delete. Files and rows change at once; the cover is saved with the page (Enregistrer).
 *
 * A delete asks first. An undo would keep the photo until a timer ran out, while a reorder in between must
 * name every stored photo and a closed page would forget the delete; a confirmation deletes what the owner
 * sees deleted, at once, for one more tap.
 */
export function PhotoGallery({
  gallery,
  coverId,
  onCoverChange,
}: {
  /** The animal's photos (useAnimalPhotos), which the page's preview shows too. */
  gallery: AnimalPhotos;
  /** The cover shown: the one the owner picked here, else the stored one. */
  coverId: string | null;
  /** A photo the owner picks as cover, or null when the cover photo was deleted (its cover goes with it). */
  onCoverChange: (coverId: string | null) => void;
}) {
  const { photos, uploads } = gallery;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const add = async (files: File[]) => {
    const room = LIMITS.maxPhotosPerAnimal - photos.length;
    if (files.length > room) {
      toast({
        topic: 'photo-limit',
        title: text.limit,
        description: COPY.animal.limitText(LIMITS.maxPhotosPerAnimal),
        variant: 'destructive',
      });
    }
    const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
      const problem = photoProblem(file);
      if (problem) {
        toast({
          // Each refused file says so, and stays said while the others upload.
          topic: `photo-refused ${file.name}`,
          title: problem === 'size' ? text.tooBig : text.badFormat,
          description: file.name,
          variant: 'destructive',
        });
      }
      return !problem;
    });
    const { added, failed } = await gallery.add(accepted);
    // One outcome: 'Certaines photos…' says that the others, shown in the grid, were added.
    if (failed) toast({ topic: 'photo-upload', ...text.uploadFailed, variant: 'destructive' });
    else if (added) toast({ topic: 'photo-upload', ...text.uploaded(added) });
  };

  const [toRemove, setToRemove] = useState<Photo | null>(null);
  const [removing, setRemoving] = useState(false);
  const section = useRef<HTMLElement>(null);
  // After a delete, focus goes to the photo that took its place (or the one before), not to the page.
  const removedIndex = useRef(0);
  const afterRemoval = () => {
    const buttons = section.current?.querySelectorAll<HTMLElement>('[data-photo-remove]') ?? [];
    return buttons[Math.min(removedIndex.current, buttons.length - 1)] ?? section.current;
  };

  const remove = async (photo: Photo) => {
    setRemoving(true);
    removedIndex.current = photos.indexOf(photo);
    const { error } = await gallery.remove(photo);
    setRemoving(false);
    setToRemove(null);
    if (error) {
      toast({ topic: 'photo-remove', title: text.removeFailed, description: error.message, variant: 'destructive' });
      return;
    }
    if (photo.id === coverId) onCoverChange(null);
    toast({ topic: 'photo-remove', title: text.removed });
  };

  const reorder = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = photos.findIndex((photo) => photo.id === active.id);
    const to = photos.findIndex((photo) => photo.id === over.id);
    const { error } = await gallery.reorder(arrayMove(photos, from, to));
    if (error) toast({ topic: 'photo-reorder', title: text.reorderFailed, variant: 'destructive' });
  };

  const order = useMemo(() => photos.map((photo) => photo.id), [photos]);
  // Made again only when the photos change: it remembers, during a drag, whether the photo has moved.
  const moves = useMemo(() => photoMoveAnnouncements(order), [order]);
  const full = photos.length >= LIMITS.maxPhotosPerAnimal;
  return (
    <Card size="3" asChild>
      <section aria-labelledby="gallery-title" ref={section} tabIndex={-1}>
        <Heading id="gallery-title" as="h2" size="4">
          {text.title}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {text.hint(LIMITS.maxPhotosPerAnimal)}
        </Text>
        {full ? null : <PhotoDropZone onFiles={(files) => void add(files)} />}
        <UploadProgress uploads={uploads} />
        {photos.length === 0 ? (
          <Text as="p" size="2" mt="3">
            {text.empty}
          </Text>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={(event) => void reorder(event)}
            accessibility={moves}
          >
            <SortableContext items={order} strategy={rectSortingStrategy}>
              <Grid columns={{ initial: '2', sm: '3', md: '4' }} gap="3" mt="3" asChild>
                <ol className="portal-gallery">
                  {photos.map((photo, index) => (
                    <Thumbnail
                      key={photo.id}
                      photo={photo}
                      index={index}
                      isCover={photo.id === coverId}
                      onCover={() => {
                        onCoverChange(photo.id);
                        toast({ topic: 'photo-cover', ...text.coverSet });
                      }}
                      onRemove={() => setToRemove(photo)}
                    />
                  ))}
                </ol>
              </Grid>
            </SortableContext>
          </DndContext>
        )}
        <ConfirmDialog
          open={toRemove !== null}
          onOpenChange={(open) => (open || removing ? undefined : setToRemove(null))}
          title={text.removeTitle}
          description={text.removeText}
          confirmLabel={text.removeConfirm}
          onConfirm={() => (toRemove ? void remove(toRemove) : undefined)}
          busy={removing}
          fallbackFocus={afterRemoval}
        />
      </section>
    </Card>
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
    attributes: { roleDescription: COPY.photoMoves.handle },
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
