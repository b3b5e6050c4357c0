// The scan remote's server entry (issue 18, DESIGN D12): the public page of a code rendered to HTML by the
// same components the browser then hydrates. Built by rsbuild.config.ts's `server` environment into one
// self-contained ES module (every language inlined, no import left), which the shell's host loads at run
// time from the scan deployment: Web-standard APIs only, so that it runs on Node, Deno and edge runtimes.
import type { ScanHydration, ScanServerInput, ScanServerPage } from '@medaille/federation';
import { renderToReadableStream } from 'react-dom/server.edge';
import { BUILD_ID } from './build-id.ts';
import { acceptedLanguages, chooseLanguage, dialogWordsFor, dictionaryFor, localeFor } from './i18n.ts';
import { scanAnswerOf } from './profile-api.ts';
import ScanPage from './scan-page.tsx';
import { ScriptlessProvider } from './scriptless.tsx';
import { messageDialogScripts, scriptlessWriter } from './scriptless-parts.tsx';

export type { ScanServerInput, ScanServerPage };
export { BUILD_ID };

/**
 * Renders the page of `input.code` for get_public_profile's answer, in the finder's language: the language
 * cookie the switch sets, else the first Accept-Language the page speaks, else French. Rejects (the host
 * then answers the client-rendered page) on an answer it does not know, an abort, or any render error.
 */
export async function renderScanPage(input: ScanServerInput): Promise<ScanServerPage> {
  const answer = scanAnswerOf(input.answer);
  const renderedAt = new Date(input.renderedAt);
  if (Number.isNaN(renderedAt.getTime())) throw new TypeError('renderedAt is not a date');
  const browserLanguages = acceptedLanguages(input.acceptLanguage);
  const language = chooseLanguage(input.languageCookie, browserLanguages);
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
  // The shell's own title, which the page keeps once hydrated (it never changes it).
  return { lang: language, title: 'Médaille', html, hydration };
}
