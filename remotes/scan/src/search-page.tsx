// A loss's search page, /recherche/{id} (docs/product/search.md): rendered whole by the scan's server entry, in
// the reader's language (`?lang=`, the language cookie, then the browser's), without any script. It reads the
// search through the search function, which shows the animal and an area, never the household or a point. Its
// form ('Je l'ai vu', 'Je l'ai avec moi') is a plain POST to the page, sent to report-sighting, then a 303 back
// to the page that says it was sent (reloading it sends nothing again); a refusal is the page again, with the
// form as it was written and the reason in the reader's language. Following the search is search-follow.tsx's.
import { LIMITS } from '@medaille/domain';
import { searchCardUrl } from '@medaille/finder-functions';
import { pathOf } from '@medaille/routing/site';
import { type PageConfig, readPostedFormWithFiles, type SearchArgs } from '@medaille/scan-contract';
import { renderToStaticMarkup } from 'react-dom/server.edge';
import { conversationPathOf } from './conversation-link.ts';
import type { Dictionary } from './copy.ts';
import { cookie, documentOf, type ShareCard } from './document-parts.ts';
import { FINDER_PHOTO_TYPES } from './finder-photo.ts';
import { ageText, dateTimeText, PAGE_TIME_ZONE, sexText, speciesText } from './format.ts';
import { FOUND_WORDS } from './found-copy.ts';
import {
  acceptedLanguages,
  chooseLanguage,
  dialogWordsFor,
  dictionaryFor,
  LANGUAGE_COOKIE,
  type Language,
  localeFor,
} from './i18n.ts';
import { screenSizedSources } from './photo-sources.ts';
import {
  base64Of,
  fromParisTime,
  LanguageLinks,
  PositionFields,
  type PostedPosition,
  postedPosition,
  REPORT_FORM_ID,
  REPORT_FORM_SCRIPT,
} from './report-form-parts.tsx';
import { SEARCH_WORDS, type SearchWords } from './search-copy.ts';
import {
  FOLLOW_ACTIONS,
  FOLLOW_BY_PUSH_SCRIPT,
  FollowSection,
  type FollowView,
  followViewOf,
  sendFollowForm,
} from './search-follow.tsx';

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
  /** The household's thanks, once found. */
  thanks: string | null;
  description: string | null;
  last_seen_at: string | null;
  last_seen_place: string | null;
  area: { lat: number; lon: number; radius_m: number } | null;
  photos: { id: string; url: string; width: number | null; height: number | null }[];
  /** The key browsers subscribe to pushes with (the project's VAPID key), or null when push is not set up. */
  push_key: string | null;
  sightings: {
    kind: 'seen' | 'with_me';
    seen_at: string;
    place: string | null;
    words: string | null;
    distance_m: number | null;
  }[];
}

/** The report form's fields, as posted (and written back into the form when refused). */
interface Report {
  kind: 'seen' | 'with_me';
  place: string;
  when: string;
  words: string;
  position: PostedPosition;
}
const EMPTY_REPORT: Report = { kind: 'seen', place: '', when: '', words: '', position: null };
/**
 * The page's forms (a report, a follow): a place, a time and 500 characters, or a push subscription, and a
 * report's photo, which the page's script brings under 700 KB and which a page without it sends as it is (the
 * function refuses it if too large, in the reader's words).
 */
const FORM_BYTES_MAX = 8 * 1024 * 1024;

/** What report-sighting's refusal codes say, in the reader's words; its status kept. */
const REFUSALS: Record<string, keyof SearchWords> = {
  sighting_too_long: 'tooLong',
  sighting_in_future: 'inFuture',
  invalid_characters: 'invalidText',
  invalid_request: 'invalidText',
  sighting_rate_limited: 'tooManyReports',
  photo_too_large: 'photoTooLarge',
  search_not_found: 'notFound',
};

export async function searchPage({ request, params, context, styles, config, signal }: SearchArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } });
  }
  const url = new URL(request.url);
  const accepted = acceptedLanguages(request.headers.get('accept-language'));
  const language = chooseLanguage(
    url.searchParams.get('lang') ?? cookie(request.headers.get('cookie'), LANGUAGE_COOKIE),
    accepted,
  );
  const words = SEARCH_WORDS[language];
  const page = (status: number, body: string, headers: Record<string, string> = {}, card?: ShareCard) =>
    new Response(request.method === 'HEAD' ? null : documentOf(language, words.title, styles, body, card), {
      status,
      headers: { ...HEADERS, ...headers },
    });
  const said = (status: number, text: string, headers?: Record<string, string>) =>
    page(status, saying(words, language, text, url), headers);

  /**
   * The page as it is now, with the report form's outcome (`refused`, or `sent` after the 303) and the follow
   * part's (`follow`: as the address asks, or as a follow form was refused).
   */
  const render = async (form: {
    report: Report;
    refused?: { status: number; words: string; headers?: Record<string, string> };
    sent?: boolean;
    follow?: FollowView;
  }) => {
    const [response, follow] = await Promise.all([
      context.callFunction('search', { id: params.id }, signal).catch(() => null),
      form.follow ?? followViewOf(url, params.id, context.callFunction, signal),
    ]);
    const retryAfter = { 'Retry-After': response?.headers.get('retry-after') ?? DEFAULT_RETRY_AFTER_S };
    if (response?.status === 429) return said(429, words.tooMany, retryAfter);
    const search = response?.ok
      ? ((await response.json().catch(() => null)) as PublicSearch | { status: string } | null)
      : null;
    if (search?.status === 'not_found') return said(404, words.notFound);
    if (search?.status !== 'searching' && search?.status !== 'found') return said(503, words.unavailable, retryAfter);
    const copy = await dictionaryFor(language);
    const locale = localeFor(language, accepted);
    const found = search as PublicSearch;
    const pageWords = { words, copy, language, locale, config, url };
    const body = searchBody(found, pageWords, { ...form, follow });
    return page(form.refused?.status ?? 200, body, form.refused?.headers, shareCard(found, pageWords));
  };

  if (request.method !== 'POST') return render({ report: EMPTY_REPORT, sent: url.searchParams.has('envoye') });
  const posted = await readPostedFormWithFiles(request, FORM_BYTES_MAX);
  if ('refusal' in posted) return said(posted.refusal, words.invalidText);
  const field = (name: string) => posted.fields.get(name) ?? '';
  const action = field('action');
  if (FOLLOW_ACTIONS.includes(action)) {
    const { callFunction } = context;
    const outcome = await sendFollowForm(posted.fields, {
      id: params.id,
      path: url.pathname,
      language,
      words,
      callFunction,
      signal,
    });
    if ('location' in outcome)
      return new Response(null, { status: 303, headers: { ...HEADERS, Location: outcome.location } });
    return render({ report: EMPTY_REPORT, refused: outcome.refused, follow: outcome.view });
  }
  if (action !== '') return said(400, words.invalidText);
  const report: Report = {
    kind: field('kind') === 'with_me' ? 'with_me' : 'seen',
    place: field('place'),
    when: field('when'),
    words: field('words'),
    position: postedPosition(posted.fields),
  };
  const seenAt = report.when.trim() === '' ? null : fromParisTime(report.when.trim());
  if (report.when.trim() !== '' && seenAt === null) {
    return render({ report, refused: { status: 400, words: words.invalidText } });
  }
  const photo = posted.files.get('photo')?.[0];
  // Too heavy to send on (a phone's photo when the page's script could not make it small): refused here, in the
  // finder dialogs' words, as report-sighting would.
  if (photo && photo.size > LIMITS.finderPhotoSentMaxBytes) {
    return render({ report, refused: { status: 400, words: words.photoTooLarge } });
  }
  const { position } = report;
  const sent = await context
    .callFunction(
      'report-sighting',
      {
        id: params.id,
        kind: report.kind,
        place: report.place,
        words: report.words,
        seen_at: seenAt,
        position,
        language,
        ...(photo ? { photo: base64Of(new Uint8Array(await photo.arrayBuffer())) } : {}),
      },
      signal,
    )
    .catch(() => null);
  if (sent?.ok) {
    // 'Je l'ai avec moi': on to the conversation it opened with the household, the passer-by's private link.
    const answer = (await sent.json().catch(() => null)) as { conversation_url?: unknown } | null;
    const conversation = conversationPathOf(answer?.conversation_url);
    return new Response(null, {
      status: 303,
      headers: { ...HEADERS, Location: conversation ?? `${url.pathname}?lang=${language}&envoye=1#signaler` },
    });
  }
  const refusal = (await sent?.json().catch(() => null)) as { code?: string; error?: string } | null;
  const known = refusal?.code ? REFUSALS[refusal.code] : undefined;
  // The photo's other refusals are a finder's message's: the finder dialogs' words, in each language.
  const photoRefused =
    sent && sent.status < 500 && refusal?.code?.startsWith('photo_')
      ? (((await dialogWordsFor(language)).errors as Record<string, string | undefined>)[refusal.code] ?? refusal.error)
      : undefined;
  if (photoRefused && sent) {
    const headers = sent.status === 429 ? { 'Retry-After': sent.headers.get('retry-after') ?? '3600' } : undefined;
    return render({ report, refused: { status: sent.status, words: photoRefused, headers } });
  }
  const status = known && sent ? sent.status : 503;
  // Refused for a while (too many sightings) or the service down: when to send the form again.
  const headers =
    status === 429 || status === 503
      ? { 'Retry-After': sent?.headers.get('retry-after') ?? DEFAULT_RETRY_AFTER_S }
      : undefined;
  return render({ report, refused: { status, words: words[known ?? 'unavailable'] as string, headers } });
}

interface PageWords {
  words: SearchWords;
  copy: Dictionary;
  language: Language;
  locale: string;
  config: PageConfig;
  /** The page's address, which the language links keep. */
  url: URL;
}

/** A page that only says something: a search not found, too many pages read, the service down. */
function saying(words: SearchWords, language: Language, text: string, url: URL): string {
  return renderToStaticMarkup(
    <main className="scan">
      <LanguageLinks language={language} url={url} />
      <section className="scan-card">
        <h1>{words.title}</h1>
        <p role="alert">{text}</p>
      </section>
    </main>,
  );
}

/**
 * What a shared link of the page shows (a messaging app, a social network): the page's heading, since when and
 * where to look, and its picture, which the search-card function composes from the cover photo with the same
 * words in the page's language.
 */
function shareCard(search: PublicSearch, { words, locale, language, config }: PageWords): ShareCard {
  const since = words.since(
    new Date(search.started_at).toLocaleDateString(locale, { dateStyle: 'long', timeZone: PAGE_TIME_ZONE }),
  );
  return {
    title: search.status === 'found' ? words.foundHeading : words.heading(search.name),
    description: [since, search.last_seen_place].filter(Boolean).join(' · '),
    image: searchCardUrl(config, search.id, language),
  };
}

/** The zoom of a map that shows an area of that radius whole on a phone. */
const zoomFor = (radius: number) => (radius <= 600 ? 16 : radius <= 1500 ? 15 : 14);

function searchBody(
  search: PublicSearch,
  { words, copy, language, locale, config, url }: PageWords,
  form: { report: Report; refused?: { words: string }; sent?: boolean; follow: FollowView },
): string {
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
  return (
    renderToStaticMarkup(
      <main className="scan search-page">
        <LanguageLinks language={language} url={url} />
        <section className="scan-card">
          <h1>{found ? words.foundHeading : words.heading(search.name)}</h1>
          {found && search.thanks ? <p className="search-words">{search.thanks}</p> : null}
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
        {!found && search.sightings.length > 0 ? (
          <section className="scan-card" aria-labelledby="signalements-titre">
            <h2 id="signalements-titre">{words.sightingsTitle}</h2>
            <ul className="search-sightings">
              {search.sightings.map((sighting) => (
                <li key={`${sighting.seen_at}${sighting.words ?? ''}`}>
                  <strong>{sighting.kind === 'with_me' ? words.withMe : words.seen}</strong> ·{' '}
                  {dateTimeText(locale, sighting.seen_at)}
                  {sighting.place ? ` · ${sighting.place}` : ''}
                  {sighting.distance_m !== null ? ` · ${words.away(sighting.distance_m)}` : ''}
                  {sighting.words ? <p className="search-words">{sighting.words}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {found ? null : <ReportForm words={words} form={form.follow.refused ? { report: form.report } : form} />}
        {found ? null : <FollowSection words={words} view={form.follow} pushKey={search.push_key} />}
        <p className="search-hint search-found-link">
          <a href={`${pathOf('reportFound')}?lang=${language}`}>{FOUND_WORDS[language].formHeading}</a>
        </p>
      </main>,
    ) + (found ? '' : scriptsOf(search.push_key))
  );
}

/** The page's scripts while it searches: the report form's, and following by push where the project can push. */
const scriptsOf = (pushKey: string | null | undefined) =>
  `<script>${REPORT_FORM_SCRIPT}</script>${pushKey ? `<script>${FOLLOW_BY_PUSH_SCRIPT}</script>` : ''}`;

/** 'Vous l'avez vu ?': a plain form, posted to the page itself. */
function ReportForm({
  words,
  form,
}: {
  words: SearchWords;
  form: { report: Report; refused?: { words: string }; sent?: boolean };
}) {
  const { report, refused, sent } = form;
  return (
    <section className="scan-card" id="signaler" aria-labelledby="signaler-titre">
      <h2 id="signaler-titre">{words.reportTitle}</h2>
      {sent ? <p role="status">{words.sent}</p> : null}
      <form method="post" encType="multipart/form-data" className="search-report" id={REPORT_FORM_ID}>
        <fieldset>
          <label>
            <input type="radio" name="kind" value="seen" defaultChecked={report.kind === 'seen'} /> {words.seen}
          </label>
          <label>
            <input type="radio" name="kind" value="with_me" defaultChecked={report.kind === 'with_me'} /> {words.withMe}
          </label>
        </fieldset>
        <label htmlFor="signaler-lieu">{words.place}</label>
        <input id="signaler-lieu" name="place" type="text" maxLength={120} defaultValue={report.place} />
        <label htmlFor="signaler-quand">{words.when}</label>
        <input id="signaler-quand" name="when" type="datetime-local" defaultValue={report.when} />
        <label htmlFor="signaler-message">{words.words}</label>
        <textarea id="signaler-message" name="words" rows={3} maxLength={500} defaultValue={report.words} />
        <PositionFields words={words} position={report.position} />
        <label htmlFor="signaler-photo">{words.photo}</label>
        <input id="signaler-photo" name="photo" type="file" accept={FINDER_PHOTO_TYPES.join(',')} />
        <p className="search-hint">{words.photoHint}</p>
        <p className="search-hint">{words.reportHint}</p>
        {refused ? <p role="alert">{refused.words}</p> : null}
        <button type="submit" className="md-button md-button-primary">
          {words.send}
        </button>
      </form>
    </section>
  );
}
