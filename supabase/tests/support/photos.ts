// An owner's photo files as the portal stores them, and what tests need to see and age them: for the
// functions that delete an animal with its files and sweep the files nobody uses.
import type { TestStack } from '@medaille/local-stack/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { FunctionsHttpError } from '@supabase/supabase-js';

export const BUCKET = 'animal-photos';

const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])], { type: 'image/jpeg' });

/** Uploads a file as the owner; with `row`, adds its animal_photos row as the gallery does. */
export async function storePhoto(owner: SupabaseClient, path: string, row?: { animalId: string }) {
  const upload = await owner.storage.from(BUCKET).upload(path, jpeg(), { contentType: 'image/jpeg' });
  if (upload.error) throw upload.error;
  if (row) {
    const inserted = await owner.from('animal_photos').insert({ animal_id: row.animalId, path });
    if (inserted.error) throw inserted.error;
  }
  return path;
}

/** Which of `names` are stored in the bucket right now (rows of storage.objects, as Storage keeps them). */
export async function storedOf(stack: TestStack, names: readonly string[]): Promise<string[]> {
  const { rows } = await stack.db.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and name = any($2) order by name collate "C"',
    [BUCKET, names],
  );
  return rows.map((row) => row.name);
}

/** What Storage lists in a folder, with the service role (names with their folder). */
export async function listed(stack: TestStack, folder: string): Promise<string[]> {
  const { data, error } = await stack.serviceClient().storage.from(BUCKET).list(folder);
  if (error) throw error;
  return data.map((file) => `${folder}/${file.name}`).sort();
}

/** Makes files look written `hours` ago, as if their upload had happened then. */
export async function age(stack: TestStack, names: readonly string[], hours = 2) {
  await stack.db.query(
    `update storage.objects set created_at = now() - make_interval(hours => $3), updated_at = now() - make_interval(hours => $3)
     where bucket_id = $1 and name = any($2)`,
    [BUCKET, names, hours],
  );
}

/** A function's answer through supabase-js as status and JSON body, whether it succeeded or not. */
export async function answerOf(invoked: Promise<{ data: unknown; error: unknown }>) {
  const { data, error } = await invoked;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: (await response.json()) as unknown };
  }
  if (error) throw error;
  return { status: 200, body: data };
}
