// The public page of a code rendered to HTML on the server by the same components the browser then
// hydrates: the body of the server entry's document (server.tsx). Web-standard APIs only.
import type { PageConfig, ScanHydration, ScanMessageForm } from '@medaille/scan-contract';
import { renderToReadableStream } from 'react-dom/server.edge';
import { BUILD_ID } from './build-id.ts';
import { acceptedLanguages, chooseLanguage, dialogWordsFor, dictionaryFor, type Language, localeFor } from './i18n.ts';
import { MESSAGE_FIELDS } from './message-form.ts';
import { type PageAnswer, pageAnswerOf } from './profile-api.ts';
import ScanPage from './scan-page.tsx';
import { ScriptlessProvider } from './scriptless.tsx';
import { messageDialogScripts, scriptlessWriter } from './scriptless-parts.tsx';
import { newSendKey, SEND_KEY_SLOT } from './send-key.ts';

/** What one page is rendered from. */
export interface ServerPageInput {
  code: string;
  /** get_public_profile's 200 JSON body. */
  answer: unknown;
  /** When the answer is the host's kept copy (the backend failed now): the ISO time it was read. */
  keptAt?: string;
  /** The request's Accept-Language header. */
  acceptLanguage: string | null;
  /** The language cookie the page's switch sets (LANGUAGE_COOKIE). */
  languageCookie: string | null;
  /** ISO time of the render. */
  renderedAt: string;
  /** The page's public address (origin and path, no query), for the SMS and WhatsApp texts that name it. */
  pageUrl?: string;
  config: PageConfig;
  /** The absolute URLs of the scan build's on-demand scripts (its mf-manifest's async JavaScript). */
  scripts?: string[];
  messageForm?: ScanMessageForm;
  signal?: AbortSignal;
}

export interface ServerPage {
  lang: string;
  /** The markup that goes inside <div id="scan-page">. */
  html: string;
  hydration: ScanHydration;
}

/**
 * The finder's language, from their request alone: the language cookie the switch sets, else the first
 * Accept-Language the page speaks, else French.
 */
export function pageLanguage(acceptLanguage: string | null, languageCookie: string | null): Language {
  return chooseLanguage(languageCookie, acceptedLanguages(acceptLanguage));
}

/**
 * How long a page rendered for one finder is given to the next ones whose request would render the very same
 * page (the same answer, language, address, configuration and scripts): a lost dog's poster brings many
 * finders at once, and React's render is most of the host's work for a page. The profile is still read for
 * each of them, so whatever the owner changes shows on the next page. Its ages count from its own render,
 * at most these few seconds earlier, which its data says, so the browser hydrates the same.
 */
export const RECENT_PAGE_MS = 5_000;
const MAX_RECENT_PAGES = 32;
/** By everything a page is rendered from but the time; the oldest first, the first to go. */
const recentPages = new Map<string, { renderedAt: number; page: ServerPage }>();

/**
 * Renders the page of `input.code` for get_public_profile's answer, in the finder's language (pageLanguage),
 * or gives the same page rendered for another finder a few seconds earlier (RECENT_PAGE_MS; never a page with
 * a message form's outcome, which is one finder's own). Rejects (the host then answers the client-rendered
 * page) on an answer it does not know, an abort, or any render error.
 */
export async function renderScanPage(input: ServerPageInput): Promise<ServerPage> {
  input.signal?.throwIfAborted();
  const answer = pageAnswerOf(input.answer);
  const renderedAt = new Date(input.renderedAt);
  if (Number.isNaN(renderedAt.getTime())) throw new TypeError('renderedAt is not a date');
  const browserLanguages = acceptedLanguages(input.acceptLanguage);
  const language = chooseLanguage(input.languageCookie, browserLanguages);
  const locale = localeFor(language, browserLanguages);
  const key = input.messageForm
    ? null
    : JSON.stringify([input.code, answer, input.keptAt, language, locale, input.pageUrl, input.config, input.scripts]);
  const recent = key === null ? undefined : recentPages.get(key);
  const age = renderedAt.getTime() - (recent?.renderedAt ?? Number.NaN);
  if (recent && age >= 0 && age < RECENT_PAGE_MS) return withSendKey(recent.page);
  const page = await renderPage(input, answer, renderedAt, language, locale);
  if (key !== null) {
    recentPages.delete(key);
    if (recentPages.size >= MAX_RECENT_PAGES) recentPages.delete(recentPages.keys().next().value as string);
    recentPages.set(key, { renderedAt: renderedAt.getTime(), page });
  }
  return withSendKey(page);
}

/** The form's key field as the page writes it: quotes that no escaped text of the owner's can make. */
const SEND_KEY_FIELD = `name="${MESSAGE_FIELDS.sendKey}" value="${SEND_KEY_SLOT}"`;

/** The page with a message form key of its own, for one finder (send-key.ts). */
const withSendKey = (page: ServerPage): ServerPage => ({
  ...page,
  html: page.html.replace(SEND_KEY_FIELD, `name="${MESSAGE_FIELDS.sendKey}" value="${newSendKey()}"`),
});

async function renderPage(
  input: ServerPageInput,
  answer: PageAnswer,
  renderedAt: Date,
  language: Language,
  locale: string,
): Promise<ServerPage> {
  // Inlined in this file, so at once; awaited so that nothing suspends for them while rendering.
  await Promise.all([dictionaryFor(language), dialogWordsFor(language)]);
  const hydration: ScanHydration = {
    build: BUILD_ID,
    code: input.code,
    language,
    locale,
    renderedAt: renderedAt.toISOString(),
    pageUrl: input.pageUrl ?? `/${encodeURIComponent(input.code)}`,
    imageTransformations: input.config.imageTransformations === true,
    answer,
    ...(input.keptAt ? { keptAt: input.keptAt } : {}),
    ...(input.messageForm ? { messageForm: input.messageForm } : {}),
  };

  const errors: unknown[] = [];
  const stream = await renderToReadableStream(
    // One request's facts (configuration, time, address) in its own render: the module keeps only finished
    // pages, by all of those facts (recentPages).
    <ScriptlessProvider value={scriptlessWriter(messageDialogScripts(input.scripts ?? [], language))}>
      <ScanPage code={input.code} initial={hydration} />
    </ScriptlessProvider>,
    {
      signal: input.signal,
      // Every Suspense boundary inline, however large: the page must be whole without any script, whereas
      // a large boundary would otherwise come after its fallback, put in place by an inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error);
      },
    },
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  // An error inside a Suspense boundary leaves it for the browser to render: not a page to serve whole.
  if (errors.length > 0) throw errors[0];
  return { lang: language, html, hydration };
}
