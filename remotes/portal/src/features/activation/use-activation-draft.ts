import { useEffect, useState } from 'react';
import type { ActivationForm } from './code-check.tsx';
import { readPendingPhotos, savePendingFields, savePendingPhotos } from './pending-draft.ts';

/**
 * The draft is kept as it is typed and chosen (a reload loses nothing), and its photos read back on arrival
 * when one was kept (`kept`). Answers the photos chosen and their setter.
 */
export function useActivationDraft(form: ActivationForm, kept: boolean) {
  const [photos, setPhotos] = useState<File[]>([]);
  const [photosRestored, setPhotosRestored] = useState(!kept);
  useEffect(() => {
    if (!kept) return;
    let current = true;
    void readPendingPhotos().then((files) => {
      if (!current) return;
      setPhotos((chosen) => (chosen.length ? chosen : files));
      setPhotosRestored(true);
    });
    return () => {
      current = false;
    };
  }, [kept]);
  useEffect(() => {
    const subscription = form.watch(() => savePendingFields(form.getValues()));
    return () => subscription.unsubscribe();
  }, [form]);
  useEffect(() => {
    if (photosRestored) void savePendingPhotos(photos);
  }, [photos, photosRestored]);
  return [photos, setPhotos] as const;
}
