// What delete-animal and delete-account share (DESIGN D10): the database deletes the rows with the caller's
// own token and names the animals' photo files; those are then removed through the Storage API, and so is
// each deleted animal's folder of finders' photos (finder-photos/{animal_id}/). Should that fail, or the
// function die in between, the rows are gone all the same and the files are left to sweep-photos
// (orphan_photo_files, orphan_finder_photo_files): no file outlives its row for longer than a sweep.
import type { FunctionEnv } from './env.ts';
import { removeFinderPhotoFolder, removePhotoFiles } from './storage.ts';

/**
 * Removes the files of deleted animals: `files` of the animal-photos bucket, as the database named them,
 * and the finders' photos of `animalIds`. A failure is logged for the sweep, never the caller's problem.
 */
export async function removeDeletedFiles(
  env: FunctionEnv,
  files: readonly string[],
  animalIds: readonly string[],
  what: string,
): Promise<void> {
  try {
    await removePhotoFiles(env, files);
  } catch (cause) {
    console.error(`${what} deleted, ${files.length} files left for sweep-photos`, cause);
  }
  for (const animalId of animalIds) {
    try {
      await removeFinderPhotoFolder(env, animalId);
    } catch (cause) {
      console.error(`${what} deleted, the finders' photos of animal ${animalId} left for sweep-photos`, cause);
    }
  }
}
