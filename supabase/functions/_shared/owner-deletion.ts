// What delete-animal and delete-account share (docs/decisions/0010-multi-step-writes-on-server.md): the database
// deletes the rows with the caller's own token and names the animals' files: their photos (animal-photos), and their
// health documents, each name prefixed with its bucket ('health-documents/…'); those are then removed through the
// Storage API, and so is each deleted animal's folder of finders' photos (finder-photos/{animal_id}/). Should that
// fail, or the function die in between, the rows are gone all the same and the files are left to sweep-photos
// (orphan_photo_files, orphan_finder_photo_files, orphan_health_document_files): no file outlives its row for
// longer than a sweep.
import { HEALTH_DOCUMENT_BUCKET } from './domain/index.ts';
import type { FunctionEnv } from './env.ts';
import { removeFinderPhotoFolder, removePhotoFiles } from './storage.ts';

const HEALTH_DOCUMENT_PREFIX = `${HEALTH_DOCUMENT_BUCKET}/`;

/**
 * Removes the files of deleted animals: `files` as the database named them (of the animal-photos bucket, or of
 * the health-documents bucket when so prefixed), and the finders' photos of `animalIds`. A failure is logged
 * for the sweep, never the caller's problem.
 */
export async function removeDeletedFiles(
  env: FunctionEnv,
  files: readonly string[],
  animalIds: readonly string[],
  what: string,
): Promise<void> {
  const photos = files.filter((name) => !name.startsWith(HEALTH_DOCUMENT_PREFIX));
  const documents = files
    .filter((name) => name.startsWith(HEALTH_DOCUMENT_PREFIX))
    .map((name) => name.slice(HEALTH_DOCUMENT_PREFIX.length));
  try {
    await removePhotoFiles(env, photos);
  } catch (cause) {
    console.error(`${what} deleted, ${photos.length} files left for sweep-photos`, cause);
  }
  if (documents.length > 0) {
    try {
      await removePhotoFiles(env, documents, HEALTH_DOCUMENT_BUCKET);
    } catch (cause) {
      console.error(`${what} deleted, ${documents.length} health documents left for sweep-photos`, cause);
    }
  }
  for (const animalId of animalIds) {
    try {
      await removeFinderPhotoFolder(env, animalId);
    } catch (cause) {
      console.error(`${what} deleted, the finders' photos of animal ${animalId} left for sweep-photos`, cause);
    }
  }
}
