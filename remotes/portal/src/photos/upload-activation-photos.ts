import { LIMITS, PHOTO_BUCKET } from '@medaille/domain';
import { supabase } from '@medaille/supabase';
import { resizeImage } from './image-files.ts';

/**
 * Stores the activation's photos after the animal exists (SPEC section 4, step 4): each resized to 1920 px
 * JPEG, uploaded to {animalId}/{timestamp}_{index}.jpg, recorded, the first as cover. A photo that fails is
 * logged and skipped, and its file removed: activation never fails because of a photo.
 */
export async function uploadActivationPhotos(
  animalId: string,
  files: File[],
  onProgress: (done: number) => void,
): Promise<void> {
  const client = await supabase();
  let cover: string | null = null;
  const stamp = Date.now();
  for (const [index, file] of files.entries()) {
    let path: string | null = null;
    try {
      const image = await resizeImage(file, LIMITS.activationImageMaxSide, 'image/jpeg');
      path = `${animalId}/${stamp}_${index}.${image.extension}`;
      const upload = await client.storage.from(PHOTO_BUCKET).upload(path, image.blob, { contentType: image.blob.type });
      if (upload.error) throw upload.error;
      const row = await client
        .from('animal_photos')
        .insert({ animal_id: animalId, path, width: image.width, height: image.height, position: index })
        .select('id')
        .single();
      if (row.error) throw row.error;
      cover ??= row.data.id;
    } catch (error) {
      console.error('[activation] photo skipped', file.name, error);
      if (path) await client.storage.from(PHOTO_BUCKET).remove([path]);
    }
    onProgress(index + 1);
  }
  if (cover) {
    const { error } = await client.from('animals').update({ cover_photo_id: cover }).eq('id', animalId);
    if (error) console.error('[activation] cover not set', error);
  }
}
