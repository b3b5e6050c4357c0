// A found animal's pages (docs/product/found.md), rendered whole by the scan's server entry in the reader's language
// (`?lang=`, the language cookie, then the browser's), without any script:
// - /trouve, 'J'ai trouvé un animal': a plain form POSTed to the page, sent to report-found, then a 303 to the
//   report's page through the finder's private link (reloading it sends nothing again); a refusal is the form
//   again, as it was written, with the reason in the reader's words.
// - /trouve/{id}: what the found function shows (an area, never the point; 'Perdus près d'ici', each linking to
//   its search page), 'C'est le mien' for an owner (the portal's page, which needs their account); and through the
//   finder's private link (`?cle=`), the conversations owners opened and 'Clore le signalement', a POST.
import { LIMITS, SPECIES } from '@medaille/domain';
import {
  claimFoundPath,
  conversationPath,
  foundPath,
  foundPrivatePath,
  pathOf,
  searchPath,
} from '@medaille/routing/site';
import { type FoundArgs, type PageConfig, readPostedForm, readPostedFormWithFiles } from '@medaille/scan-contract';
import { renderToStaticMarkup } from 'react-dom/server.edge';
import type { Dictionary } from './copy.ts';
import { cookie, documentOf } from './document-parts.ts';
import { FINDER_PHOTO_TYPES } from './finder-photo.ts';
import { dateTimeText, PAGE_TIME_ZONE, speciesText } from './format.ts';
import { FOUND_WORDS, type FoundWords } from './found-copy.ts';
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

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // The finder's key may be in the address, and the report closes at any time: no cache keeps the page.
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};
const DEFAULT_RETRY_AFTER_S = '60';
/**
 * The report form: a place, a description, words and an address, and up to 3 photos, which the page's script
 * brings under 700 KB each and which a page without it sends as they are (refused here if too large, in the
 * reader's words). The other forms (closing, abuse) are a field or two.
 */
const FORM_BYTES_MAX = 8 * 1024 * 1024;
const SMALL_FORM_BYTES_MAX = 1024;
/** A report's photos (report-found's). */
const PHOTOS_MAX = 3;
/** The finder's private key, as report-found makes it. */
const KEY_PATTERN = /^[0-9a-f]{64}$/;

/** The found function's answer (supabase/functions/found). */
export interface PublicFoundReport {
  status: 'open' | 'closed';
  id: string;
  /** Hidden after reports of abuse: no photos, place or words. */
  hidden: boolean;
  species: string;
  found_at: string;
  place: string | null;
  description: string | null;
  words: string | null;
  area: { lat: number; lon: number; radius_m: number } | null;
  photos: { url: string; width: number; height: number }[];
  mine: boolean;
  /** Through the e-mailed link: whether its address is told when an owner writes, or may ask to be. */
  mail: 'ask' | 'on' | null;
  conversations: { token: string; name: string | null; created_at: string }[];
  nearby: {
    id: string;
    name: string | null;
    species: string;
    started_at: string;
    distance_m: number;
    photo_url: string | null;
  }[];
}

/** The report form's fields, as posted (and written back into the form when refused). */
interface Report {
  species: string;
  when: string;
  place: string;
  description: string;
  words: string;
  email: string;
  position: PostedPosition;
}
const EMPTY_REPORT: Report = {
  species: 'dog',
  when: '',
  place: '',
  description: '',
  words: '',
  email: '',
  position: null,
};

/** What report-found's and found's refusal codes say, in the reader's words; their status kept. */
const REFUSALS: Record<string, keyof FoundWords | keyof SearchWords> = {
  found_too_long: 'tooLong',
  found_in_future: 'inFuture',
  invalid_characters: 'invalidText',
  invalid_request: 'invalidText',
  finder_email_invalid: 'invalidEmail',
  found_rate_limited: 'tooManyReports',
  found_link_not_valid: 'linkNotValid',
  found_abuse_rate_limited: 'tooManyAbuse',
  photo_too_large: 'photoTooLarge',
};

interface PageWords {
  words: FoundWords & SearchWords;
  copy: Dictionary;
  language: Language;
  locale: string;
  config: PageConfig;
  url: URL;
}

export async function foundPage({ request, params, context, styles, config, signal }: FoundArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } });
  }
  const url = new URL(request.url);
  const accepted = acceptedLanguages(request.headers.get('accept-language'));
  const language = chooseLanguage(
    url.searchParams.get('lang') ?? cookie(request.headers.get('cookie'), LANGUAGE_COOKIE),
    accepted,
  );
  const words = { ...SEARCH_WORDS[language], ...FOUND_WORDS[language] };
  const pageWords: PageWords = {
    words,
    copy: await dictionaryFor(language),
    language,
    locale: localeFor(language, accepted),
    config,
    url,
  };
  const page = (status: number, title: string, body: string, headers: Record<string, string> = {}) =>
    new Response(request.method === 'HEAD' ? null : documentOf(language, title, styles, body), {
      status,
      headers: { ...HEADERS, ...headers },
    });
  const said = (status: number, text: string, headers?: Record<string, string>) =>
    page(status, words.pageTitle, saying(text, pageWords), headers);
  const refusalOf = async (answer: Response | null) => {
    const refusal = (await answer?.json().catch(() => null)) as { code?: string; error?: string } | null;
    const known = refusal?.code ? REFUSALS[refusal.code] : undefined;
    // The photos' other refusals are a finder's message's: the finder dialogs' words, in each language.
    if (!known && answer && answer.status < 500 && refusal?.code?.startsWith('photo_')) {
      const errors = (await dialogWordsFor(language)).errors as Record<string, string | undefined>;
      const headers =
        answer.status === 429 ? { 'Retry-After': answer.headers.get('retry-after') ?? '86400' } : undefined;
      // French is the functions' own language: their words as they are.
      return { status: answer.status, words: errors[refusal.code] ?? refusal.error ?? words.unavailable, headers };
    }
    const status = known && answer ? answer.status : 503;
    // Refused for a while (too many reports) or the service down: when to send the form again.
    const headers =
      status === 429 || status === 503
        ? { 'Retry-After': answer?.headers.get('retry-after') ?? DEFAULT_RETRY_AFTER_S }
        : undefined;
    return { status, words: words[known ?? 'unavailable'] as string, headers };
  };

  if (params.id === null) {
    const form = (report: Report, refused?: { status: number; words: string; headers?: Record<string, string> }) =>
      page(refused?.status ?? 200, words.formTitle, reportBody(report, pageWords, refused), refused?.headers);
    if (request.method !== 'POST') return form(EMPTY_REPORT);
    const posted = await readPostedFormWithFiles(request, FORM_BYTES_MAX);
    if ('refusal' in posted) return said(posted.refusal, words.invalidText);
    const field = (name: string) => posted.fields.get(name) ?? '';
    const photos = posted.files.get('photos') ?? [];
    const report: Report = {
      species: field('species'),
      when: field('when'),
      place: field('place'),
      description: field('description'),
      words: field('words'),
      email: field('email'),
      position: postedPosition(posted.fields),
    };
    const { position } = report;
    const foundAt = report.when.trim() === '' ? null : fromParisTime(report.when.trim());
    if (report.when.trim() !== '' && foundAt === null) return form(report, { status: 400, words: words.invalidText });
    if (report.place.trim() === '' && position === null) {
      return form(report, { status: 400, words: words.whereRequired });
    }
    if (photos.length > PHOTOS_MAX) return form(report, { status: 400, words: words.tooManyPhotos });
    // Too heavy to send on (a phone's photo when the page's script could not make it small): refused here, as
    // report-found would.
    if (photos.some((photo) => photo.size > LIMITS.finderPhotoSentMaxBytes)) {
      return form(report, { status: 400, words: words.photoTooLarge });
    }
    const sent = await context
      .callFunction(
        'report-found',
        {
          species: report.species,
          found_at: foundAt,
          place: report.place,
          position,
          description: report.description,
          words: report.words,
          email: report.email,
          language,
          photos: await Promise.all(photos.map(async (photo) => base64Of(new Uint8Array(await photo.arrayBuffer())))),
        },
        signal,
      )
      .catch(() => null);
    const answer = sent?.ok
      ? ((await sent.json().catch(() => null)) as { id?: unknown; token?: unknown } | null)
      : null;
    if (typeof answer?.id === 'string' && typeof answer.token === 'string') {
      const location = `${foundPrivatePath(answer.id, answer.token, language)}&envoye=1`;
      return new Response(null, { status: 303, headers: { ...HEADERS, Location: location } });
    }
    return form(report, await refusalOf(sent?.ok ? null : sent));
  }

  const id = params.id;
  const given = url.searchParams.get('cle');
  const key = given !== null && KEY_PATTERN.test(given) ? given : null;
  const render = async (notice?: { status: number; words: string; headers?: Record<string, string> }) => {
    const response = await context
      .callFunction('found', { id, ...(key ? { token: key } : {}) }, signal)
      .catch(() => null);
    const retryAfter = { 'Retry-After': response?.headers.get('retry-after') ?? DEFAULT_RETRY_AFTER_S };
    if (response?.status === 429) return said(429, words.tooMany, retryAfter);
    const report = response?.ok
      ? ((await response.json().catch(() => null)) as PublicFoundReport | { status: string } | null)
      : null;
    if (report?.status === 'not_found') return said(404, words.notFound);
    if (report?.status !== 'open' && report?.status !== 'closed') return said(503, words.unavailable, retryAfter);
    const shown = report as PublicFoundReport;
    // A key given that is not this report's: the public page, and why the finder's part is not there.
    const refused = notice ?? (given !== null && !shown.mine ? { status: 403, words: words.linkNotValid } : undefined);
    const body = reportPageBody(shown, pageWords, {
      sent: url.searchParams.has('envoye'),
      closedNow: url.searchParams.has('clos'),
      abuseSent: url.searchParams.has('signale'),
      refused,
    });
    return page(refused?.status ?? 200, words.pageTitle, body, refused?.headers);
  };
  if (request.method !== 'POST') return render();
  const posted = await readPostedForm(request, SMALL_FORM_BYTES_MAX);
  if ('refusal' in posted) return said(posted.refusal, words.invalidText);
  const action = posted.fields.get('action');
  if (action === 'mail' && key !== null) {
    const asked = await context.callFunction('found', { id, token: key, mail: 'on' }, signal).catch(() => null);
    if (!asked?.ok) return render(await refusalOf(asked));
    return new Response(null, { status: 303, headers: { ...HEADERS, Location: foundPrivatePath(id, key, language) } });
  }
  if (action === 'abuse') {
    const told = await context.callFunction('found', { id, abuse: true }, signal).catch(() => null);
    if (!told?.ok) return render(await refusalOf(told));
    const query = new URLSearchParams({ lang: language, signale: '1' });
    return new Response(null, { status: 303, headers: { ...HEADERS, Location: `${foundPath(id)}?${query}` } });
  }
  if (action !== 'close' || key === null) return said(400, words.invalidText);
  const closed = await context.callFunction('found', { id, token: key, close: true }, signal).catch(() => null);
  if (closed?.ok) {
    const location = `${foundPrivatePath(id, key, language)}&clos=1`;
    return new Response(null, { status: 303, headers: { ...HEADERS, Location: location } });
  }
  return render(await refusalOf(closed));
}

/**
 * A page that only says something (a report not found, too many pages read, the service down), and leads to
 * the form that reports a found animal.
 */
function saying(text: string, { words, language, url }: PageWords): string {
  return renderToStaticMarkup(
    <main className="scan">
      <LanguageLinks language={language} url={url} />
      <section className="scan-card">
        <h1>{text}</h1>
        <p>
          <a href={`${pathOf('reportFound')}?lang=${language}`}>{words.toForm}</a>
        </p>
      </section>
    </main>,
  );
}

/** 'J'ai trouvé un animal': the form, posted to the page itself, and its script (the phone's position). */
function reportBody(report: Report, { words, copy, language, url }: PageWords, refused?: { words: string }): string {
  return (
    renderToStaticMarkup(
      <main className="scan search-page">
        <LanguageLinks language={language} url={url} />
        <section className="scan-card">
          <h1>{words.formHeading}</h1>
          <p>{words.formIntro}</p>
          {refused ? (
            <p role="alert" className="scan-error">
              {refused.words}
            </p>
          ) : null}
          <form method="post" encType="multipart/form-data" className="search-report" id={REPORT_FORM_ID}>
            <label htmlFor="trouve-espece">{words.species}</label>
            <select id="trouve-espece" name="species" defaultValue={report.species}>
              {SPECIES.map(({ value }) => (
                <option key={value} value={value}>
                  {speciesText(copy, value)}
                </option>
              ))}
            </select>
            <label htmlFor="trouve-quand">{words.when}</label>
            <input id="trouve-quand" name="when" type="datetime-local" defaultValue={report.when} />
            <label htmlFor="trouve-lieu">{words.place}</label>
            <input id="trouve-lieu" name="place" type="text" maxLength={120} defaultValue={report.place} />
            <PositionFields words={words} position={report.position} />
            <p className="search-hint">{words.whereHint}</p>
            <label htmlFor="trouve-signes">{words.description}</label>
            <textarea
              id="trouve-signes"
              name="description"
              rows={2}
              maxLength={300}
              defaultValue={report.description}
            />
            <label htmlFor="trouve-message">{words.messageLabel}</label>
            <textarea id="trouve-message" name="words" rows={3} maxLength={500} defaultValue={report.words} />
            <label htmlFor="trouve-email">{words.email}</label>
            <input
              id="trouve-email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={LIMITS.emailMaxLength}
              defaultValue={report.email}
            />
            <p className="search-hint">{words.emailHint}</p>
            <label htmlFor="trouve-photos">{words.photos}</label>
            <input id="trouve-photos" name="photos" type="file" multiple accept={FINDER_PHOTO_TYPES.join(',')} />
            <p className="search-hint">{words.photosHint}</p>
            <button type="submit" className="md-button md-button-primary">
              {words.send}
            </button>
          </form>
        </section>
      </main>,
    ) + `<script>${REPORT_FORM_SCRIPT}</script>`
  );
}

/** The zoom of a map that shows an area of that radius whole on a phone. */
const zoomFor = (radius: number) => (radius <= 600 ? 16 : radius <= 1500 ? 15 : 14);

/** /trouve/{id}: the animal found, the losses near it, and 'C'est le mien' or the finder's own part. */
function reportPageBody(
  report: PublicFoundReport,
  { words, copy, language, locale, config, url }: PageWords,
  state: { sent: boolean; closedNow: boolean; abuseSent: boolean; refused?: { words: string } },
): string {
  const day = (at: string) => new Date(at).toLocaleDateString(locale, { dateStyle: 'long', timeZone: PAGE_TIME_ZONE });
  const open = report.status === 'open';
  const { area } = report;
  return renderToStaticMarkup(
    <main className="scan search-page">
      <LanguageLinks language={language} url={url} />
      <section className="scan-card">
        <h1>{words.animalHeading(speciesText(copy, report.species))}</h1>
        {state.refused ? <p role="alert">{state.refused.words}</p> : null}
        {report.mine && state.sent ? (
          <p role="status">{report.area === null ? words.sentNoPosition : words.sent}</p>
        ) : null}
        {report.mine && state.closedNow ? <p role="status">{words.closedNow}</p> : null}
        {state.abuseSent ? <p role="status">{words.abuseSent}</p> : null}
        {report.hidden ? <p>{words.hidden}</p> : null}
        {report.photos.map((photo, index) => (
          <img
            key={photo.url}
            className="search-photo"
            {...screenSizedSources(photo.url, config.imageTransformations)}
            sizes="(max-width: 600px) 100vw, 600px"
            width={photo.width}
            height={photo.height}
            alt={copy.profile.photoOf(speciesText(copy, report.species), index + 1)}
            loading={index === 0 ? 'eager' : 'lazy'}
          />
        ))}
        <p>{words.foundOn(dateTimeText(locale, report.found_at))}</p>
        {open ? null : <p>{words.closed}</p>}
        {report.place ? <p>{report.place}</p> : null}
        {area ? (
          <p>
            {words.around(area.radius_m)} ·{' '}
            <a
              href={`https://www.openstreetmap.org/#map=${zoomFor(area.radius_m)}/${area.lat}/${area.lon}`}
              rel="noopener noreferrer"
            >
              {copy.profile.openMap}
            </a>
          </p>
        ) : null}
      </section>
      {report.description ? (
        <section className="scan-card">
          <h2>{words.signsTitle}</h2>
          <p className="search-words">{report.description}</p>
        </section>
      ) : null}
      {report.words ? (
        <section className="scan-card">
          <h2>{words.finderWords}</h2>
          <p className="search-words">{report.words}</p>
        </section>
      ) : null}
      {report.mine ? (
        <section className="scan-card" aria-labelledby="trouve-mes-messages">
          <h2 id="trouve-mes-messages">{words.claimsTitle}</h2>
          <p className="search-hint">{open ? words.privateLink : words.privateLinkClosed}</p>
          {report.mail === 'ask' ? (
            <form method="post" className="search-report">
              <p>{words.mailAsk}</p>
              <input type="hidden" name="action" value="mail" />
              <button type="submit" className="md-button md-button-primary">
                {words.mailButton}
              </button>
            </form>
          ) : null}
          {report.mail === 'on' ? <p>{words.mailOn}</p> : null}
          <p className="search-hint">
            {words.shareLink} <a href={foundPath(report.id)}>{`${url.origin}${foundPath(report.id)}`}</a>
          </p>
          {report.conversations.length === 0 ? <p>{words.noClaims}</p> : null}
          <ul className="search-sightings">
            {report.conversations.map((conversation) => (
              <li key={conversation.token}>
                {words.claim(conversation.name)} · {dateTimeText(locale, conversation.created_at)} ·{' '}
                <a href={conversationPath(conversation.token)}>{words.openConversation}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {open ? (
        <section className="scan-card" aria-labelledby="trouve-perdus">
          <h2 id="trouve-perdus">{words.nearbyTitle}</h2>
          {report.area === null ? <p>{words.nearbyNoPosition}</p> : null}
          {report.area !== null && report.nearby.length === 0 ? <p>{words.nearbyNone}</p> : null}
          <ul className="search-sightings found-nearby">
            {report.nearby.map((lost) => (
              <li key={lost.id}>
                <a href={searchPath(lost.id)}>
                  {lost.photo_url ? (
                    <img
                      {...screenSizedSources(lost.photo_url, config.imageTransformations)}
                      sizes="72px"
                      width={72}
                      height={72}
                      alt=""
                      loading="lazy"
                    />
                  ) : null}
                  <strong>{lost.name ?? speciesText(copy, lost.species)}</strong>
                </a>{' '}
                · {speciesText(copy, lost.species)} · {words.nearbyLost(day(lost.started_at))} ·{' '}
                {words.nearbyAway(lost.distance_m)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {open && report.mine ? (
        <section className="scan-card" aria-labelledby="trouve-clore">
          <h2 id="trouve-clore">{words.closeTitle}</h2>
          <p className="search-hint">{words.closeHint}</p>
          <form method="post" className="search-report">
            <input type="hidden" name="action" value="close" />
            <button type="submit" className="md-button md-button-secondary">
              {words.close}
            </button>
          </form>
        </section>
      ) : null}
      {open && !report.mine && !report.hidden ? (
        <section className="scan-card" aria-labelledby="trouve-le-mien">
          <h2 id="trouve-le-mien">{words.mineTitle}</h2>
          <p>{words.mineText}</p>
          <a className="md-button md-button-primary" href={claimFoundPath(report.id)}>
            {words.mine}
          </a>
        </section>
      ) : null}
      {report.mine || report.hidden || state.abuseSent ? null : (
        <section className="scan-card" aria-labelledby="trouve-abus">
          <h2 id="trouve-abus">{words.abuseTitle}</h2>
          <p className="search-hint">{words.abuseHint}</p>
          <form method="post" className="search-report">
            <input type="hidden" name="action" value="abuse" />
            <button type="submit" className="md-button md-button-secondary">
              {words.abuse}
            </button>
          </form>
        </section>
      )}
    </main>,
  );
}
