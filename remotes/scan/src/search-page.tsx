// A loss's search page, /recherche/{id} (docs/product/search.md): rendered whole by the scan's server entry, in
// the reader's language (`?lang=`, the language cookie, then the browser's), without any script. It reads the
// search through the search function, which shows the animal and an area, never the household or a point.
import type { PageConfig, SearchArgs } from '@medaille/scan-contract';
import { renderToStaticMarkup } from 'react-dom/server.edge';
import type { Dictionary } from './copy.ts';
import { cookie, documentOf } from './document-parts.ts';
import { ageText, dateTimeText, PAGE_TIME_ZONE, sexText, speciesText } from './format.ts';
import {
  acceptedLanguages,
  chooseLanguage,
  dictionaryFor,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  localeFor,
} from './i18n.ts';
import { screenSizedSources } from './photo-sources.ts';
import { SEARCH_WORDS, type SearchWords } from './search-copy.ts';

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // The household may hide a sighting or the name a minute later: no cache keeps the page.
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};
const DEFAULT_RETRY_AFTER_S = '60';
/** The photos a page shows: the cover first; enough to recognise the animal on a phone's weak signal. */
const PHOTOS_SHOWN = 3;

/** public_search's answer, with the photos' URLs (supabase/functions/search). */
export interface PublicSearch {
  status: 'searching' | 'found';
  id: string;
  name: string | null;
  species: string | null;
  breed: string | null;
  color: string | null;
  sex: string | null;
  birth_year: number | null;
  temperament: string | null;
  started_at: string;
  found_at: string | null;
  description: string | null;
  last_seen_at: string | null;
  last_seen_place: string | null;
  area: { lat: number; lon: number; radius_m: number } | null;
  photos: { id: string; url: string; width: number | null; height: number | null }[];
}

export async function searchPage({ request, params, context, styles, config, signal }: SearchArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  const accepted = acceptedLanguages(request.headers.get('accept-language'));
  const language = chooseLanguage(
    new URL(request.url).searchParams.get('lang') ?? cookie(request.headers.get('cookie'), LANGUAGE_COOKIE),
    accepted,
  );
  const words = SEARCH_WORDS[language];
  const page = (status: number, body: string, headers: Record<string, string> = {}) =>
    new Response(request.method === 'HEAD' ? null : documentOf(language, words.title, styles, body), {
      status,
      headers: { ...HEADERS, ...headers },
    });
  const said = (status: number, text: string, headers?: Record<string, string>) =>
    page(status, saying(words, language, text), headers);

  const response = await context.callFunction('search', { id: params.id }, signal).catch(() => null);
  const retryAfter = { 'Retry-After': response?.headers.get('retry-after') ?? DEFAULT_RETRY_AFTER_S };
  if (response?.status === 429) return said(429, words.tooMany, retryAfter);
  const search = response?.ok
    ? ((await response.json().catch(() => null)) as PublicSearch | { status: string } | null)
    : null;
  if (search?.status === 'not_found') return said(404, words.notFound);
  if (search?.status !== 'searching' && search?.status !== 'found') return said(503, words.unavailable, retryAfter);
  const copy = await dictionaryFor(language);
  const locale = localeFor(language, accepted);
  return page(200, searchBody(search as PublicSearch, { words, copy, language, locale, config }));
}

interface PageWords {
  words: SearchWords;
  copy: Dictionary;
  language: Language;
  locale: string;
  config: PageConfig;
}

/** The languages the page reads in, as links (a page without scripts changes language by its address). */
function LanguageLinks({ language }: { language: Language }) {
  return (
    <nav className="search-languages">
      {LANGUAGES.map(({ code, name }) => (
        <a key={code} href={`?lang=${code}`} lang={code} aria-current={code === language ? 'true' : undefined}>
          {name}
        </a>
      ))}
    </nav>
  );
}

/** A page that only says something: a search not found, too many pages read, the service down. */
function saying(words: SearchWords, language: Language, text: string): string {
  return renderToStaticMarkup(
    <main className="scan">
      <LanguageLinks language={language} />
      <section className="scan-card">
        <h1>{words.title}</h1>
        <p role="alert">{text}</p>
      </section>
    </main>,
  );
}

/** The zoom of a map that shows an area of that radius whole on a phone. */
const zoomFor = (radius: number) => (radius <= 600 ? 16 : radius <= 1500 ? 15 : 14);

function searchBody(search: PublicSearch, { words, copy, language, locale, config }: PageWords): string {
  const day = (at: string) => new Date(at).toLocaleDateString(locale, { dateStyle: 'long', timeZone: PAGE_TIME_ZONE });
  const name = search.name ?? '';
  const sex = sexText(copy, search.sex);
  const facts: [string, string | null][] = [
    [copy.profile.species, sex ? `${speciesText(copy, search.species)} · ${sex}` : speciesText(copy, search.species)],
    [copy.profile.breed, search.breed],
    [copy.profile.color, search.color],
    [copy.profile.age, ageText(copy, search.birth_year, new Date())],
    [copy.profile.temperament, search.temperament],
  ];
  const photos = search.photos.slice(0, PHOTOS_SHOWN);
  const { area } = search;
  const found = search.status === 'found';
  return renderToStaticMarkup(
    <main className="scan search-page">
      <LanguageLinks language={language} />
      <section className="scan-card">
        <h1>{found ? words.foundHeading : words.heading(search.name)}</h1>
        {found ? <p>{words.foundText}</p> : <p>{words.since(day(search.started_at))}</p>}
        {photos.map((photo, index) => (
          <img
            key={photo.id}
            className="search-photo"
            {...screenSizedSources(photo.url, config.imageTransformations)}
            sizes="(max-width: 600px) 100vw, 600px"
            width={photo.width ?? undefined}
            height={photo.height ?? undefined}
            alt={copy.profile.photoOf(name, index + 1)}
            loading={index === 0 ? 'eager' : 'lazy'}
          />
        ))}
        <dl className="search-facts">
          {facts.map(([label, value]) =>
            value ? (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ) : null,
          )}
        </dl>
      </section>
      {!found && search.description ? (
        <section className="scan-card">
          <h2>{words.householdWords}</h2>
          <p className="search-words">{search.description}</p>
        </section>
      ) : null}
      {!found && (search.last_seen_place || search.last_seen_at || area) ? (
        <section className="scan-card">
          <h2>{words.lastSeenTitle}</h2>
          {search.last_seen_place ? <p>{search.last_seen_place}</p> : null}
          {search.last_seen_at ? <p>{words.lastSeenOn(dateTimeText(locale, search.last_seen_at))}</p> : null}
          {area ? (
            <p>
              {words.within(area.radius_m)} ·{' '}
              <a
                href={`https://www.openstreetmap.org/#map=${zoomFor(area.radius_m)}/${area.lat}/${area.lon}`}
                rel="noopener noreferrer"
              >
                {copy.profile.openMap}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
    </main>,
  );
}
