import { photoPublicUrl } from '@medaille/domain';
import { appConfig } from '@medaille/supabase/config';

/** A stored photo's public URL, without loading supabase-js for it. */
export const photoUrl = (path: string) => photoPublicUrl(appConfig().supabaseUrl, path);
