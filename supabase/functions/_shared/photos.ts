import { photoPublicUrl } from './domain/index.ts';
import type { FunctionEnv } from './env.ts';

/** The public download URL of a photo of the animal-photos bucket. */
export function photoUrl(env: FunctionEnv, path: string): string {
  return photoPublicUrl(env.SUPABASE_URL, path);
}
