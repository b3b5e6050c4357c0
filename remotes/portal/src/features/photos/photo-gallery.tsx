import { ConfirmDialog } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { databaseErrorMessage, LIMITS } from '@medaille/domain';
import { Card, Heading, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { onDemand } from '../../ui/on-demand.tsx';
import { failureText } from '../../ui/server-message.ts';
import type { AnimalPhotos, Photo } from './api.ts';
import { PHOTOS_COPY } from './copy.ts';
import { photoProblem } from './image-files.ts';
import { PhotoDropZone } from './photo-drop-zone.tsx';
import { UploadProgress } from './upload-progress.tsx';

const text = PHOTOS_COPY.gallery;

const SortablePhotos = onDemand(() =>
  import(/* webpackChunkName: "sortable-photos" */ './sortable-photos.tsx').then((module) => module.SortablePhotos),
);

/**
 * The animal's photos: add (click or drop), reorder by dragging (SortablePhotos), choose the
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
  // Asked for as the gallery shows, beside its photos' list rather than after it.
  useEffect(() => void SortablePhotos.load().catch(() => {}), []);

  const add = async (files: File[]) => {
    const room = LIMITS.maxPhotosPerAnimal - photos.length;
    if (files.length > room) {
      toast({
        topic: 'photo-limit',
        title: text.limit,
        description: PHOTOS_COPY.gallery.limitText(LIMITS.maxPhotosPerAnimal),
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
      toast({
        topic: 'photo-remove',
        title: text.removeFailed,
        description: failureText(error, databaseErrorMessage(error)),
        variant: 'destructive',
      });
      return;
    }
    if (photo.id === coverId) onCoverChange(null);
    toast({ topic: 'photo-remove', title: text.removed });
  };

  const reorder = async (reordered: Photo[]) => {
    const { error } = await gallery.reorder(reordered);
    if (error) toast({ topic: 'photo-reorder', title: text.reorderFailed, variant: 'destructive' });
  };

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
          <SortablePhotos.Component
            fallback={null}
            // On a signal that drops, the page and what the owner typed stay; only the photos are missing.
            failed={
              <Text as="p" size="2" mt="3" color="red">
                {text.loadFailed.description}
              </Text>
            }
            photos={photos}
            coverId={coverId}
            onCover={(photo) => {
              onCoverChange(photo.id);
              toast({ topic: 'photo-cover', ...text.coverSet });
            }}
            onRemove={setToRemove}
            onReorder={(reordered) => void reorder(reordered)}
          />
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
