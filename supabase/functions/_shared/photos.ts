import { PHOTO_BUCKET } from '@medaille/domain';
import type { FunctionEnv } from './env.ts';

/** The public download URL of a photo of the animal-photos bucket, as storage-js's getPublicUrl builds it. */
export function photoUrl(env: FunctionEnv, path: string): string {
  return encodeURI(`${env.SUPABASE_URL}/storage/v1/object/public/${PHOTO_BUCKET}/${path}`);
}
