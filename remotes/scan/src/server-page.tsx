// The public page of a code rendered to HTML on the server by the same components the browser then
// hydrates: the body of the server entry's document (server.tsx). Web-standard APIs only.
import type { PageConfig, ScanHydration, ScanMessageForm } from '@medaille/scan-contract';
import { renderToReadableStream } from 'react-dom/server.edge';
import { BUILD_ID } from './build-id.ts';
import { acceptedLanguages, chooseLanguage, dialogWordsFor, dictionaryFor, type Language, localeFor } from './i18n.ts';
import { scanAnswerOf } from './profile-api.ts';
import ScanPage from './scan-page.tsx';
import { ScriptlessProvider } from './scriptless.tsx';
import { messageDialogScripts, scriptlessWriter } from './scriptless-parts.tsx';

/** What one page is rendered from. */
export interface ServerPageInput {
  code: string;
  /** get_public_profile's 200 JSON body. */
  answer: unknown;
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
 * Renders the page of `input.code` for get_public_profile's answer, in the finder's language (pageLanguage).
 * Rejects (the host then answers the client-rendered page) on an answer it does not know, an abort, or any
 * render error.
 */
export async function renderScanPage(input: ServerPageInput): Promise<ServerPage> {
  const answer = scanAnswerOf(input.answer);
  const renderedAt = new Date(input.renderedAt);
  if (Number.isNaN(renderedAt.getTime())) throw new TypeError('renderedAt is not a date');
  const browserLanguages = acceptedLanguages(input.acceptLanguage);
  const language = pageLanguage(input.acceptLanguage, input.languageCookie);
  // Inlined in this file, so at once; awaited so that nothing suspends for them while rendering.
  await Promise.all([dictionaryFor(language), dialogWordsFor(language)]);
  const hydration: ScanHydration = {
    build: BUILD_ID,
    code: input.code,
    language,
    locale: localeFor(language, browserLanguages),
    renderedAt: renderedAt.toISOString(),
    pageUrl: input.pageUrl ?? `/${encodeURIComponent(input.code)}`,
    imageTransformations: input.config.imageTransformations === true,
    answer,
    ...(input.messageForm ? { messageForm: input.messageForm } : {}),
  };

  const errors: unknown[] = [];
  const stream = await renderToReadableStream(
    // One request's facts (configuration, time, address) in its own render: nothing is kept in the module.
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
