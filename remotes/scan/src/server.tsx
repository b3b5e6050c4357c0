// The scan deployment's server entry (docs/decisions/0012-scan-page-server-rendered.md): a route module shaped like a
// React Router one, which the shell's host loads at run time from this deployment and runs for /{code}
// (@medaille/scan-contract's ScanRouteModule). The loader reads the profile, the action the message form of a page
// without JavaScript, and the render writes the whole document around the page. Built by rsbuild.config.ts's
// `server` environment into one self-contained ES module (every language inlined, no import left):
// Web-standard APIs only, so that it runs on Node, Deno and edge runtimes.
import { escapeHtml } from '@medaille/domain';
import {
  type DocumentStartArgs,
  type RenderArgs,
  type RouteArgs,
  type RouteData,
  SCAN_DATA_COMING_ELEMENT_ID,
  SCAN_DATA_ELEMENT_ID,
  SCAN_PAGE_ELEMENT_ID,
  type ScanMessageForm,
  SHELL_ROOT_ELEMENT_ID,
  scriptSafeJson,
  writeElement,
} from '@medaille/scan-contract';
import { BUILD_ID } from './build-id.ts';
import { CONVERSATION_REFRESH_SCRIPT, conversationPage } from './conversation-page.tsx';
import { cookie, inlineStyle, scriptsNamed } from './document-parts.ts';
import { foundPage } from './found-page.tsx';
import { LANGUAGE_COOKIE } from './i18n.ts';
import { messageFormAction } from './message-form.ts';
import { busyAnswerOf, scanAnswerOf } from './profile-api.ts';
import { REPORT_FORM_SCRIPT } from './report-form-parts.tsx';
import { OPEN_AS_DIALOG_SCRIPT } from './scriptless-parts.tsx';
import { FOLLOW_BY_PUSH_SCRIPT } from './search-follow.tsx';
import { searchPage } from './search-page.tsx';
import { pageLanguage, renderScanPage } from './server-page.tsx';
import { stopFinderMailPage } from './stop-finder-mail-page.tsx';

export {
  BUILD_ID,
  conversationPage as conversation,
  foundPage as found,
  messageFormAction as action,
  searchPage as search,
  stopFinderMailPage as stopFinderMail,
};

/** Every inline script this module's pages carry, which the host's Content-Security-Policy allows by hash. */
export const inlineScripts: readonly string[] = [
  OPEN_AS_DIALOG_SCRIPT,
  CONVERSATION_REFRESH_SCRIPT,
  FOLLOW_BY_PUSH_SCRIPT,
  REPORT_FORM_SCRIPT,
];

/**
 * GET /{code}: get_public_profile's answer, through the host's capability. 404 for a code that does not
 * exist (still rendered). Rejects on a refusal (rate limit) or a failure: the client-rendered page then asks
 * again, and says it in the finder's language.
 */
export async function loader({ request, params, context, signal }: RouteArgs): Promise<RouteData> {
  // The page's language, which the household of a stolen animal is told (docs/product/theft.md).
  const language = pageLanguage(request.headers.get('accept-language'), languageCookieOf(request));
  const response = await context.callFunction('get_public_profile', { code: params.code, language }, signal);
  if (response.status === 429) {
    // A known medal's page opened too often from one address: its name and call buttons all the same.
    const busy = busyAnswerOf(await response.json().catch(() => null));
    const headers = { 'Retry-After': response.headers.get('retry-after') ?? '60' };
    if (busy) return { status: 429, headers, data: { answer: busy } };
  }
  if (response.status !== 200) throw new Error(`get_public_profile answered ${response.status}`);
  const answer = scanAnswerOf(await response.json());
  // A claimed medal's public profile may be kept by the host, for when the backend fails; any other answer
  // drops the copy (the code gone, suspended or retired).
  return { status: answer.status === 'not_found' ? 404 : 200, data: { answer }, keep: answer.status === 'claimed' };
}

/**
 * The document's start, from the request alone (the host sends it while the loader runs): the shell's head
 * as the host gives it, with this page's `<html lang>` and, first in the head, before any script, the word
 * that the data comes later in the page (the early-profile script then asks for nothing); the page's words
 * announced beside the shell's scripts (hydration waits for them: one round trip fewer); then the stylesheets
 * inline (styled without JavaScript, no render-blocking request to another origin). The head stays open for
 * the data. The shell's title stays: the page never changes it.
 */
export function documentStart({ request, document }: DocumentStartArgs): string {
  const lang = pageLanguage(request.headers.get('accept-language'), languageCookieOf(request));
  const coming = `<meta id="${SCAN_DATA_COMING_ELEMENT_ID}">`;
  const head = document.head.map(writeElement).join('');
  const words = scriptsNamed(document.scripts, [`lang-${lang}`])
    .map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`)
    .join('');
  const styles = document.styles.map(inlineStyle).join('');
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head>${coming}${head}${words}${styles}`;
}

/**
 * The whole document (documentStart's, then the rest), or its rest alone when the host sent the start: the
 * hydration data at the end of the head, where the browser's scripts, deferred, find it; and the page's
 * markup beside the shell's empty root.
 */
export async function render(args: RenderArgs) {
  const { request, params, loaderData, actionData, document, config, signal } = args;
  const url = new URL(request.url);
  const messageForm = (actionData?.data as { messageForm?: ScanMessageForm } | undefined)?.messageForm;
  const page = await renderScanPage({
    code: params.code,
    answer: (loaderData.data as { answer: unknown }).answer,
    ...(loaderData.keptAt ? { keptAt: loaderData.keptAt } : {}),
    acceptLanguage: request.headers.get('accept-language'),
    languageCookie: languageCookieOf(request),
    renderedAt: new Date().toISOString(),
    pageUrl: `${url.origin}${url.pathname}`,
    config,
    scripts: document.scripts,
    ...(messageForm ? { messageForm } : {}),
    signal,
  });
  const rest =
    `<script type="application/json" id="${SCAN_DATA_ELEMENT_ID}">${scriptSafeJson(page.hydration)}</script></head>` +
    `<body><div id="${SHELL_ROOT_ELEMENT_ID}"></div><div id="${SCAN_PAGE_ELEMENT_ID}">${page.html}</div></body></html>`;
  return args.started ? rest : documentStart(args) + rest;
}

function languageCookieOf(request: Request): string | null {
  return cookie(request.headers.get('cookie'), LANGUAGE_COOKIE);
}
