// get_public_profile {code}: what a finder sees behind a medal. The only door from anonymous finders to
// owners' data (DESIGN D4): the SQL function public_profile decides what leaves, this adds photo URLs
// and a rate limit per client so that nobody can walk the code space.
import { clientHash } from '../_shared/client.ts';
import { call, serviceDatabase } from '../_shared/database.ts';
import { normalizeCode, withoutControlCharacters } from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, json, readJsonObject } from '../_shared/http.ts';
import { photoUrl } from '../_shared/photos.ts';

interface Photo {
  id: string;
  path: string;
  position: number;
  width: number | null;
  height: number | null;
}

/** `status` is not_found, unclaimed or claimed; a claimed code carries the public profile's fields. */
interface PublicProfile {
  status: 'not_found' | 'unclaimed' | 'claimed' | 'rate_limited';
  code: string;
  photos?: Photo[];
  [field: string]: unknown;
}

export default function getPublicProfile(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('get_public_profile', async () => {
    const input = await readJsonObject(request);
    if (!input || typeof input.code !== 'string') return failure('invalid_request');
    const code = normalizeCode(input.code);
    const client = await clientHash(request, env);
    if (!client) return failure('client_unknown');
    // Counted before the code is even looked at (malformed guesses walk the code space too), in the same
    // database call as the profile.
    const profile = await call<PublicProfile>(serviceDatabase(env), 'public_profile_for_client', {
      p_code: code,
      p_client_hash: client,
      p_limit_per_minute: Number(env.PROFILE_RATE_LIMIT_PER_MINUTE ?? 60),
    });
    if (profile.status === 'rate_limited') return failure('profile_rate_limited', { 'Retry-After': '60' });
    if (!code)
      return json(
        { status: 'not_found', code: withoutControlCharacters(input.code.trim().toUpperCase()) },
        200,
        NO_STORE,
      );
    if (profile.photos) profile.photos = profile.photos.map((photo) => ({ ...photo, url: photoUrl(env, photo.path) }));
    return json(profile, 200, NO_STORE);
  })(request);
}

// A profile changes when its owner edits it or flags the animal lost: never serve a stale one.
const NO_STORE = { 'Cache-Control': 'no-store' };
