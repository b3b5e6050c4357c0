// The page that stops every e-mail to a finder's address, /e-mails/{token}?lang=…: the visible link of each of
// those e-mails, rendered whole by the scan's server entry, in the e-mail's language, without any script.
// Opening it changes nothing (mail scanners open every link): it reads the address's state through the
// stop-finder-mail function and shows a button; the button's POST stops them, and the page is answered again
// by a 303 to its GET, so that reloading it sends nothing twice. The token goes to the function in a body,
// never to another site (no Referer), and the page is nobody's to cache.
import type { StopFinderMailArgs } from '@medaille/scan-contract';
import { renderToStaticMarkup } from 'react-dom/server.edge';
import { cookie, documentOf } from './document-parts.ts';
import { acceptedLanguages, chooseLanguage, isLanguage, LANGUAGE_COOKIE, type Language } from './i18n.ts';
import { STOP_FINDER_MAIL_WORDS, type StopFinderMailWords } from './stop-finder-mail-copy.ts';

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};

/** What the page says: the address's state, or why it could not be read or stopped. */
type Said = Exclude<keyof StopFinderMailWords, 'title' | 'button'>;

/** When to try again if the function gave no Retry-After of its own. */
const DEFAULT_RETRY_AFTER_S = '60';

export async function stopFinderMailPage({ request, params, context, styles, signal }: StopFinderMailArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get('lang') ?? '';
  const language: Language = isLanguage(asked)
    ? asked
    : chooseLanguage(
        cookie(request.headers.get('cookie'), LANGUAGE_COOKIE),
        acceptedLanguages(request.headers.get('accept-language')),
      );
  const words = STOP_FINDER_MAIL_WORDS[language];
  const call = (stop: boolean) =>
    context.callFunction('stop-finder-mail', { token: params.token, stop }, signal).catch(() => null);
  const page = (status: number, said: Said, headers: Record<string, string> = {}) => {
    const html = documentOf(language, words.title, styles, stopFinderMailBody(words, said));
    return new Response(request.method === 'HEAD' ? null : html, { status, headers: { ...HEADERS, ...headers } });
  };

  /** The function's answer as a page: the address's state, or why it could not be read or stopped. */
  const answer = async (response: Response | null) => {
    const retryAfter = { 'Retry-After': response?.headers.get('retry-after') ?? DEFAULT_RETRY_AFTER_S };
    if (response?.status === 404) return page(404, 'unknown');
    if (response?.status === 429) return page(429, 'tooMany', retryAfter);
    const state = response?.ok
      ? ((await response.json().catch(() => null)) as { state?: unknown } | null)?.state
      : null;
    if (state === 'receiving' || state === 'stopped') return page(200, state);
    return page(503, 'unavailable', retryAfter);
  };

  if (request.method === 'GET' || request.method === 'HEAD') return answer(await call(false));
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } });
  const stopped = await call(true);
  // Stopped: the page again by GET, in the same language.
  if (stopped?.ok) {
    await stopped.body?.cancel();
    return new Response(null, { status: 303, headers: { ...HEADERS, Location: `${url.pathname}${url.search}` } });
  }
  return answer(stopped);
}

/** The page's words: the state or the refusal, and the button while e-mails are still sent. */
function stopFinderMailBody(words: StopFinderMailWords, said: Said): string {
  return renderToStaticMarkup(
    <main className="scan">
      <section className="scan-card">
        <h1>{words.title}</h1>
        <p role={said === 'receiving' || said === 'stopped' ? undefined : 'alert'}>{words[said]}</p>
        {said === 'receiving' ? (
          <form method="post">
            <button type="submit" className="md-button md-button-primary">
              {words.button}
            </button>
          </form>
        ) : null}
      </section>
    </main>,
  );
}
