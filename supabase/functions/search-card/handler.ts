// search-card ?id={search}&lang={language}: the picture a shared link of a loss's search page shows
// (docs/product/search.md, 'Partager'): the page's cover photo with its heading and first line, in the page's
// language, composed here from what public_search lets leave (the name only when the household shows it,
// never a point), so that the picture never says more than the page. Read by GET, as link previews are, by
// anyone, counted per client before the id is looked at; a crawler may keep it a few minutes.
import { finderIdentity } from '../_shared/client.ts';
import { BackendUnavailable, call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import { type FinderLanguage, isFinderLanguage, SEARCH_HEADINGS } from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, isUuid } from '../_shared/http.ts';
import { photoUrl } from '../_shared/photos.ts';
import { type CardText, composeCard } from './card.ts';

type PublicSearch =
  | { status: 'not_found' }
  | {
      status: 'searching' | 'found';
      name: string | null;
      started_at: string;
      last_seen_place: string | null;
      photos: { path: string }[];
    };

/** How long a link preview may keep the picture: a name hidden or a return shows within minutes. */
const KEPT_SECONDS = 300;

export default function searchCard(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('search-card', async () => {
    const query = new URL(request.url).searchParams;
    const id = query.get('id') ?? '';
    const language = isFinderLanguage(query.get('lang')) ? (query.get('lang') as FinderLanguage) : 'fr';
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    const db = serviceDatabase(env);
    // Pictures a minute per client, as pages are read (PROFILE_OPENINGS_PER_MINUTE).
    const perMinute = Number(env.PROFILE_OPENINGS_PER_MINUTE ?? 120) * limitFactor;
    if (!(await withinRateLimit(db, `search-card:${client}`, perMinute, 60)))
      return failure('profile_rate_limited', { 'Retry-After': '60' });
    if (!isUuid(id)) return NOT_FOUND();
    const search = await call<PublicSearch>(db, 'public_search', { p_id: id.toLowerCase() });
    if (search.status === 'not_found') return NOT_FOUND();
    const cover = search.photos[0];
    const jpeg = await composeCard(
      cover ? await readPhoto(photoUrl(env, cover.path)) : null,
      cardText(search, language),
    );
    return new Response(request.method === 'HEAD' ? null : jpeg, {
      headers: {
        'Content-Type': 'image/jpeg',
        'Content-Length': String(jpeg.length),
        'Cache-Control': `public, max-age=${KEPT_SECONDS}`,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }, ['GET', 'HEAD'])(request);
}

const NOT_FOUND = () => new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });

/** What the page's first lines say (search-page.tsx's heading and share card): the same words. */
function cardText(search: Exclude<PublicSearch, { status: 'not_found' }>, language: FinderLanguage): CardText {
  const words = SEARCH_HEADINGS[language];
  if (search.status === 'found') return { heading: words.foundHeading, detail: search.name ?? '' };
  const since = words.since(
    new Date(search.started_at).toLocaleDateString(language, { dateStyle: 'long', timeZone: 'Europe/Paris' }),
  );
  return { heading: words.heading(search.name), detail: [since, search.last_seen_place].filter(Boolean).join(' · ') };
}

/** The cover photo's bytes; a photo removed since is none, Storage out of reach is the service down. */
async function readPhoto(url: string): Promise<Uint8Array | null> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new BackendUnavailable(`storage: ${(error as Error).message}`);
  }
  if (response.status === 400 || response.status === 404) return null;
  if (!response.ok) throw new BackendUnavailable(`storage answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
