import { toast } from '@medaille/design-system/toast';
import { LIMITS } from '@medaille/domain';
import { Card, Heading, Text } from '@radix-ui/themes';
import type { Dispatch, SetStateAction } from 'react';
import { ANIMALS_COPY } from '../animals/copy.ts';
import { AnimalFields } from '../animals/index.ts';
import { PHOTOS_COPY } from '../photos/copy.ts';
import { ChosenPhotos, PhotoDropZone, photoProblem, UploadProgress, type UploadState } from '../photos/index.ts';
import type { ActivationForm } from './code-check.tsx';
import { ACTIVATION_COPY } from './copy.ts';

const text = ACTIVATION_COPY.activation;

const PROBLEM = {
  'not-image': ANIMALS_COPY.animal.invalidFile,
  format: ANIMALS_COPY.animal.badFormat,
  size: ANIMALS_COPY.animal.tooBig,
} as const;

/**
 * The animal's card: its fields and the photos chosen for it, locked until the code is valid, and each
 * photo's upload once the medal is activated.
 */
export function AnimalCard({
  form,
  species,
  valid,
  photos,
  setPhotos,
  photoUrls,
  uploads,
}: {
  form: ActivationForm;
  /** The species chosen, as the page watches it. */
  species: unknown;
  valid: boolean;
  photos: readonly File[];
  setPhotos: Dispatch<SetStateAction<File[]>>;
  photoUrls: readonly string[];
  uploads: readonly UploadState[] | null;
}) {
  const addPhotos = (chosen: File[]) => {
    const room = LIMITS.maxPhotosPerAnimal - photos.length;
    if (chosen.length > room) {
      toast({
        topic: 'activation-photo-limit',
        title: ANIMALS_COPY.animal.limit,
        description: PHOTOS_COPY.gallery.limitText(LIMITS.maxPhotosPerAnimal),
        variant: 'destructive',
      });
    }
    const accepted = chosen.slice(0, Math.max(0, room)).filter((file) => {
      const problem = photoProblem(file);
      if (problem)
        toast({
          topic: `photo-refused ${file.name}`,
          title: PROBLEM[problem],
          description: file.name,
          variant: 'destructive',
        });
      return !problem;
    });
    setPhotos((current) => [...current, ...accepted]);
  };

  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {text.formTitle}
      </Heading>
      {valid ? null : (
        <Text as="p" size="2" color="gray" mb="3">
          {text.lockedHint}
        </Text>
      )}
      <AnimalFields register={form.register} errors={form.formState.errors} species={species} disabled={!valid} />
      <fieldset disabled={!valid} style={{ border: 'none', padding: 0, margin: 0, opacity: valid ? 1 : 0.5 }}>
        <Heading as="h3" size="2" mb="2">
          {ANIMALS_COPY.animal.photos}
        </Heading>
        <PhotoDropZone onFiles={addPhotos} disabled={!valid} />
        <ChosenPhotos
          files={photos}
          urls={photoUrls}
          onRemove={(index) => setPhotos((current) => current.filter((_, i) => i !== index))}
        />
      </fieldset>
      {uploads ? <UploadProgress uploads={uploads} /> : null}
    </Card>
  );
}
