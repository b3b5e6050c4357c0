// search {id}: what anyone reads of a loss's search page, /recherche/{id} (docs/product/search.md). The SQL
// function public_search decides what leaves (never the household, never a point); this adds the photos' URLs,
// the project's public push key
// and a limit per client, counted before the id is looked at, so that nobody walks the ids (122 random bits
// already make that hopeless).
import { finderIdentity } from '../_shared/client.ts';
import { call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';
import { photoUrl } from '../_shared/photos.ts';
import { vapidPublicKey } from '../_shared/push.ts';

type PublicSearch =
  | { status: 'not_found' }
  | {
      status: 'searching' | 'found';
      photos: { id: string; path: string; width: number | null; height: number | null }[];
    };

export default function search(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('search', async () => {
    const input = await readJsonObject(request);
    if (!input || typeof input.id !== 'string') return failure('invalid_request');
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    const db = serviceDatabase(env);
    // Pages read a minute per client, as a medal's page is opened (PROFILE_OPENINGS_PER_MINUTE).
    const perMinute = Number(env.PROFILE_OPENINGS_PER_MINUTE ?? 120) * limitFactor;
    if (!(await withinRateLimit(db, `search:${client}`, perMinute, 60)))
      return failure('profile_rate_limited', { 'Retry-After': '60' });
    if (!isUuid(input.id)) return json({ status: 'not_found' }, 200, NO_STORE);
    const found = await call<PublicSearch>(db, 'public_search', { p_id: input.id.toLowerCase() });
    const answer =
      found.status === 'not_found'
        ? found
        : {
            ...found,
            photos: found.photos.map((photo) => ({ ...photo, url: photoUrl(env, photo.path) })),
            // For the page's push button ('Suivre cette recherche'): the key browsers subscribe with.
            push_key: vapidPublicKey(env),
          };
    return json(answer, 200, NO_STORE);
  })(request);
}

const NO_STORE = { 'Cache-Control': 'no-store' };
