import { LIMITS, PHOTO_BUCKET } from '@medaille/domain';
import { type Database, supabase, type Tables, type TablesInsert } from '@medaille/supabase';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile } from './file-upload.ts';
import { resizeImage } from './image-files.ts';

// Every read and write of an animal's photos: the animal_photos rows, their files in the bucket, and the
// hook the gallery uses.

export type Photo = Pick<Tables<'animal_photos'>, 'id' | 'path' | 'position'>;
type ReorderArgs = Database['public']['Functions']['reorder_animal_photos']['Args'];

/**
 * How a photo is resized before upload (docs/product/photos.md): at activation the longest side is capped at
 * 1920 px in JPEG; from the gallery at 1600 px in the file's own type.
 */
export type PhotoSource = 'activation' | 'gallery';

function resized(file: Blob, source: PhotoSource) {
  return source === 'activation'
    ? resizeImage(file, LIMITS.activationImageMaxSide, 'image/jpeg')
    : resizeImage(file, LIMITS.galleryImageMaxSide, file.type === 'image/jpg' ? 'image/jpeg' : file.type);
}

/**
 * Resizes a photo, stores its file under {animalId}/{timestamp}_{random}.{ext} (telling `onProgress` the
 * share sent) and records its row. The database places a new photo last and makes an animal's first photo
 * its cover, so no position is sent from here. When the row cannot be written the file is removed: no file
 * outlives a failed upload.
 */
export async function uploadAnimalPhoto(
  animalId: string,
  file: Blob,
  source: PhotoSource,
  onProgress?: (sent: number) => void,
): Promise<Pick<Tables<'animal_photos'>, 'id'>> {
  const client = await supabase();
  const image = await resized(file, source);
  const path = `${animalId}/${Date.now()}_${crypto.randomUUID().slice(0, 8)}.${image.extension}`;
  await uploadFile(client, path, image.blob, onProgress);
  const row: TablesInsert<'animal_photos'> = { animal_id: animalId, path, width: image.width, height: image.height };
  const inserted = await client.from('animal_photos').insert(row).select('id').single();
  if (inserted.error) {
    await client.storage.from(PHOTO_BUCKET).remove([path]);
    throw inserted.error;
  }
  return inserted.data;
}

/** Where each photo of a batch stands, for its bar: the share sent, and whether it was stored. */
export type UploadState = { name: string; sent: number; outcome: 'waiting' | 'sending' | 'stored' | 'failed' };

/**
 * Stores photos one after the other, telling `onChange` where each stands. A photo that fails is logged
 * and skipped: an activation never fails because of a photo. Answers how many were stored.
 */
export async function uploadAnimalPhotos(
  animalId: string,
  files: readonly File[],
  source: PhotoSource,
  onChange: (uploads: UploadState[]) => void = () => {},
): Promise<{ added: number; failed: number }> {
  const uploads: UploadState[] = files.map((file) => ({ name: file.name, sent: 0, outcome: 'waiting' }));
  const update = (index: number, state: Partial<UploadState>) => {
    uploads[index] = { ...(uploads[index] as UploadState), ...state };
    onChange([...uploads]);
  };
  onChange([...uploads]);
  let added = 0;
  for (const [index, file] of files.entries()) {
    update(index, { outcome: 'sending' });
    try {
      await uploadAnimalPhoto(animalId, file, source, (sent) => update(index, { sent }));
      added += 1;
      update(index, { sent: 1, outcome: 'stored' });
    } catch (error) {
      console.error(`[photos] ${file.name} not stored`, error);
      update(index, { outcome: 'failed' });
    }
  }
  return { added, failed: files.length - added };
}

/** The animal's photos in their order, and its stored cover (the database makes the first photo the cover). */
async function readPhotos(animalId: string) {
  const { data, error } = await (await supabase())
    .from('animals')
    .select('cover_photo_id, animal_photos!animal_photos_animal_id_fkey(id, path, position)')
    .eq('id', animalId)
    .single();
  if (error) return { error };
  const photos = [...data.animal_photos].sort((a, b) => a.position - b.position);
  return { error: null, photos, coverId: data.cover_photo_id };
}

/**
 * Removes one photo: its row first, then its file. A file left behind by a closed page is swept by the
 * server within a day, whereas a row without its file would show a broken image.
 */
export async function removePhoto(photo: Pick<Photo, 'id' | 'path'>): Promise<{ error: Error | null }> {
  const client = await supabase();
  const { error } = await client.from('animal_photos').delete().eq('id', photo.id);
  if (error) return { error };
  const file = await client.storage.from(PHOTO_BUCKET).remove([photo.path]);
  if (file.error) console.error('[photos] file left for the sweep', photo.path, file.error);
  return { error: null };
}

/** A new order of an animal's photos in one transaction: the old order or the new one, never a mix. */
export async function reorderPhotos(args: ReorderArgs): Promise<{ error: Error | null }> {
  const { error } = await (await supabase()).rpc('reorder_animal_photos', args);
  return { error };
}

/**
 * An animal's photos in their order, its stored cover, and what the gallery does with them. Read again
 * after each change, so that a cover the database chose (the first photo) shows at once. `onLoadFailed` is
 * told each time they cannot be read.
 */
export function useAnimalPhotos(animalId: string, onLoadFailed: () => void) {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [storedCoverId, setStoredCoverId] = useState<string | null>(null);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const loadFailed = useRef(onLoadFailed);
  loadFailed.current = onLoadFailed;

  const refresh = useCallback(async () => {
    const read = await readPhotos(animalId);
    if (read.error) return loadFailed.current();
    setPhotos(read.photos);
    setStoredCoverId(read.coverId);
  }, [animalId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const add = async (files: readonly File[]) => {
    const outcome = await uploadAnimalPhotos(animalId, files, 'gallery', setUploads);
    setUploads([]);
    await refresh();
    return outcome;
  };

  const remove = async (photo: Photo) => {
    const outcome = await removePhoto(photo);
    if (!outcome.error) await refresh();
    return outcome;
  };

  /** Shows the new order at once and saves it; a refused order brings the stored one back. */
  const reorder = async (ordered: Photo[]) => {
    setPhotos(ordered.map((photo, position) => ({ ...photo, position })));
    const outcome = await reorderPhotos({ p_animal_id: animalId, p_photo_ids: ordered.map((photo) => photo.id) });
    if (outcome.error) await refresh();
    return outcome;
  };

  return { photos, storedCoverId, uploads, add, remove, reorder };
}

/** What useAnimalPhotos gives the gallery. */
export type AnimalPhotos = ReturnType<typeof useAnimalPhotos>;
