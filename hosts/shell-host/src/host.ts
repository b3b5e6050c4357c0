/**
 * The shell's host as one Web-standard handler, `fetch(request, info) → Response` (issue 18): the same file
 * runs on Node (the launcher, `pnpm start`), Deno and edge runtimes. Only Web APIs here: Request, Response,
 * fetch, URL, crypto.subtle, TextEncoder/TextDecoder, streams.
 *
 * - `/config.js` and every page of the shell: the build's files, each HTML page with the configuration inline.
 * - GET and HEAD `/{code}`: the scan page rendered on the server by the scan remote's own server entry, with
 *   the profile as hydration data; today's client-rendered page whenever that cannot be done in time.
 * - POST `/{code}`: the message form, sent to post_finder_message, then the page again with its outcome.
 * - GET `/{code}?code=…`: a code typed again on a page with no owner to reach, sent on to its own page.
 */
import { codeFromTyped } from '@medaille/domain';
import type { ScanMessageForm, ScanServerPage } from '@medaille/federation';
import { scanCodeOf } from '@medaille/routing';
import { callFinderFunction, type FinderCall } from './backend.ts';
import { configScript, type ShellConfig } from './config.ts';
import { readMessageForm } from './message-form.ts';
import { clientPage, preloadedStyles, type ScanFiles, scanFiles, serverRenderedPage } from './page.ts';
import { type ScanServerSource, scanServerFromDeployment, untilAborted } from './scan-server.ts';
import { SHELL_ORIGIN, stylesheets } from './styles.ts';

export interface ShellHostOptions {
  config: ShellConfig;
  /**
   * The secret shared with the finder's functions (their FINDER_IDENTITY_SECRET): the host signs each
   * finder's address with it, so that rate limits count finders, not the host. Null: no address is passed
   * on, and every finder served by this host shares the host's limits.
   */
  finderIdentitySecret: string | null;
  /**
   * The shell's build as static hosting serves it: a file for its path, index.html for any other path (the
   * SPA fallback). Asked for HTML without Accept-Encoding, so that the page comes back as text.
   */
  assets(request: Request): Promise<Response>;
  /** How long a scan page may take to render before today's client-rendered page is answered (800 ms). */
  renderBudgetMs?: number;
  /**
   * Where the scan remote's server entry comes from: by default its deployment at run time (the configuration's
   * scan manifest URL). A runtime that forbids code loaded at run time passes a module bundled at deploy time.
   */
  scanServer?: ScanServerSource;
  /** Where a failed render is reported (the finder gets today's page); console.warn by default. */
  log?: (message: string) => void;
}

/** Who the finder is, as the host's socket or platform saw it (never a header the client wrote). */
export interface ClientInfo {
  clientAddress: string | null;
}

export interface ShellHost {
  fetch(request: Request, info: ClientInfo): Promise<Response>;
  /**
   * Settles once the scan remote's server entry is loaded and has rendered one page (a code that does not
   * exist, with no backend call), so that the first finder is not the one who waits for the download and
   * the first render's compilation; it never rejects. Started when the host is created.
   */
  ready(): Promise<void>;
}

export const DEFAULT_RENDER_BUDGET_MS = 800;
const WARM_UP_TIMEOUT_MS = 30_000;
/** How long sending a message may take: it e-mails the owner, and the finder's text must not be lost to a budget. */
const MESSAGE_TIMEOUT_MS = 15_000;
/** post_finder_message's own text for a failure that is not a refusal (FAILURES.internal). */
const UNEXPECTED_ERROR = 'Une erreur est survenue. Veuillez réessayer.';

/**
 * A server-rendered page is one finder's view at one moment: the profile (a lost animal, contacts the owner
 * may hide a minute later) and the outcome of their own message. `private, no-store`: no shared cache may
 * serve it to another finder, and no browser may show a stale one from its cache; the page's JavaScript and
 * styles, which are the bytes worth caching, keep their long-lived caching.
 */
const SERVER_RENDERED_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
};

export function createShellHost(options: ShellHostOptions): ShellHost {
  const { config } = options;
  const budgetMs = options.renderBudgetMs ?? DEFAULT_RENDER_BUDGET_MS;
  const scanServer = options.scanServer ?? scanServerFromDeployment();
  const log = options.log ?? ((message: string) => console.warn(`[shell-host] ${message}`));
  const styles = stylesheets(options.assets);
  const warmedUp = warmUp();

  async function warmUp(): Promise<void> {
    try {
      const server = await scanServer(config.remotes.scan, AbortSignal.timeout(WARM_UP_TIMEOUT_MS));
      await server.renderScanPage({
        code: 'MDL-WARM-UP',
        answer: { status: 'not_found', code: 'MDL-WARM-UP' },
        acceptLanguage: null,
        languageCookie: null,
        renderedAt: new Date().toISOString(),
        config: {
          supabaseUrl: config.supabaseUrl,
          supabaseAnonKey: config.supabaseAnonKey,
          imageTransformations: false,
        },
      });
    } catch (error) {
      log(`the scan remote's server entry is not ready: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The shell's index.html for this URL, as text (never compressed: asked for without Accept-Encoding). */
  async function shellPage(url: URL): Promise<string> {
    const response = await options.assets(new Request(url, { headers: { accept: 'text/html' } }));
    if (!response.ok) throw new Error(`the shell's page answered ${response.status}`);
    return response.text();
  }

  interface ScanPageRequest {
    request: Request;
    code: string;
    info: ClientInfo;
    messageForm?: ScanMessageForm;
    /** The shell's index.html, or a promise of it. */
    page: string | Promise<string>;
    /** The status of the message's outcome (a refusal's 4xx), else the page's own. */
    status?: number;
    /** The render's budget, when not the scan page's. */
    budgetMs?: number;
    headers?: Record<string, string>;
  }

  async function scanPage({
    request,
    code,
    info,
    page: shellHtml,
    messageForm,
    status,
    headers,
    budgetMs: ownBudgetMs,
  }: ScanPageRequest): Promise<Response> {
    const url = new URL(request.url);
    const budget = AbortSignal.timeout(ownBudgetMs ?? budgetMs);
    const finder: FinderCall = {
      config,
      finderIdentitySecret: options.finderIdentitySecret,
      clientAddress: info.clientAddress,
      signal: budget,
    };
    // All at once: the profile, the server entry, the remote's manifest and the shell's page.
    const files = scanFiles(config.remotes.scan, budget).catch(() => null);
    const rendering = (async () => {
      const [profile, server, scan] = await Promise.all([
        callFinderFunction(finder, 'get_public_profile', { code }),
        scanServer(config.remotes.scan, budget),
        files,
      ]);
      // A refusal (rate limit) or a failure: the client page asks again and says it in the finder's language.
      if (profile.status !== 200) throw new Error(`get_public_profile answered ${profile.status}`);
      const answer: unknown = await profile.json();
      const rendered = await server.renderScanPage({
        code,
        answer,
        acceptLanguage: request.headers.get('accept-language'),
        languageCookie: cookie(request.headers.get('cookie'), 'medaille_lang'),
        renderedAt: new Date().toISOString(),
        pageUrl: `${url.origin}${url.pathname}`,
        config: {
          supabaseUrl: config.supabaseUrl,
          supabaseAnonKey: config.supabaseAnonKey,
          imageTransformations: config.imageTransformations === true,
        },
        scripts: scan?.onDemandScripts ?? [],
        ...(messageForm ? { messageForm } : {}),
        signal: budget,
      });
      return { answer, rendered };
    })();
    // The render goes on alone when the budget passes; its failure then is nobody's.
    rendering.catch(() => {});
    const page = clientPage(await shellHtml, config, { files: await files });
    const fallbackStatus = status ?? 200;
    try {
      // Without it the page would lack the scan remote's preloads and styles.
      const scan = await files;
      if (!scan) throw new Error("the scan remote's mf-manifest.json could not be read");
      const { answer, rendered } = await untilAborted(rendering, budget);
      const full = await untilAborted(withScanPage(page, scan, rendered, url), budget);
      const notFound = (answer as { status?: unknown } | null)?.status === 'not_found';
      return html(request, status ?? (notFound ? 404 : 200), { ...SERVER_RENDERED_HEADERS, ...headers })(full);
    } catch (error) {
      log(`/${code} served client-rendered: ${error instanceof Error ? error.message : String(error)}`);
      return html(request, fallbackStatus, {
        'Content-Type': 'text/html; charset=utf-8',
        // As the shell's page is served today: every load asks again (the page names the current builds).
        'Cache-Control': 'no-cache',
        'X-Robots-Tag': 'noindex',
        ...headers,
      })(page);
    }
  }

  /** The page with the rendered scan page and its styles inline. */
  async function withScanPage(page: string, files: ScanFiles, rendered: ScanServerPage, pageUrl: URL) {
    const preloaded = preloadedStyles(page, SHELL_ORIGIN);
    // The shell's loader looks for its own by path, the scan remote's by the name in its manifest.
    const scanNames = new Map(files.styles.map((style) => [style.href, style.name]));
    const head = await styles.head(
      preloaded.map(({ url }) => ({ url, loaderName: scanNames.get(url.href) ?? url.pathname })),
      pageUrl,
    );
    // Inline now: preloaded too, they would cross the network for nothing, beside the scripts the page
    // waits for.
    const withoutPreloads = preloaded.reduce((html, style) => html.replace(style.tag, ''), page);
    const full = serverRenderedPage(withoutPreloads, rendered, head);
    if (full === null) throw new Error("the shell's index.html lacks <html>, <title> or #root");
    return full;
  }

  function html(request: Request, status: number, headers: Record<string, string>) {
    return (text: string) => new Response(request.method === 'HEAD' ? null : text, { status, headers });
  }

  async function postMessage(request: Request, code: string, info: ClientInfo): Promise<Response> {
    const form = await readMessageForm(request);
    if ('refusal' in form) {
      const text = form.refusal === 413 ? 'Requête trop volumineuse.' : 'Requête invalide.';
      return new Response(text, { status: form.refusal, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    const { message, contact, website } = form.values;
    const page = shellPage(new URL(request.url));
    page.catch(() => {});
    const refused = (error: string, status: number, headers?: Record<string, string>): ScanPageRequest => ({
      request,
      code,
      info,
      page,
      messageForm: { state: 'refused', error, values: { message, contact } },
      status,
      ...(headers ? { headers } : {}),
    });
    let outcome: ScanPageRequest;
    try {
      const response = await callFinderFunction(
        {
          config,
          finderIdentitySecret: options.finderIdentitySecret,
          clientAddress: info.clientAddress,
          signal: AbortSignal.timeout(MESSAGE_TIMEOUT_MS),
        },
        'post_finder_message',
        { code, message, contact, website },
      );
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      const retryAfter = response.headers.get('retry-after');
      if (response.ok) outcome = { request, code, info, page, messageForm: { state: 'sent' } };
      else if (response.status >= 400 && response.status < 500)
        outcome = refused(
          typeof body?.error === 'string' ? body.error : UNEXPECTED_ERROR,
          response.status,
          retryAfter ? { 'Retry-After': retryAfter } : undefined,
        );
      // The function failed, not the finder: their text comes back to send again.
      else outcome = refused(UNEXPECTED_ERROR, 503);
    } catch {
      outcome = refused(UNEXPECTED_ERROR, 503);
    }
    // The outcome is the only place the finder's text and the refusal's words are: the client-rendered page
    // knows nothing of them, so it waits as long as sending may, rather than the scan page's budget.
    return scanPage({ ...outcome, budgetMs: MESSAGE_TIMEOUT_MS });
  }

  return {
    ready: () => warmedUp,
    async fetch(request, info) {
      try {
        return await answer(request, info);
      } catch (error) {
        // The shell's own build could not be read: no page to fall back to, but never a stack trace.
        log(
          `${request.method} ${new URL(request.url).pathname} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return new Response(UNEXPECTED_ERROR, {
          status: 503,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
        });
      }
    },
  };

  async function answer(request: Request, info: ClientInfo): Promise<Response> {
    const url = new URL(request.url);
    const code = scanCodeOf(url.pathname);
    if (request.method === 'POST' && code !== null) return postMessage(request, code, info);
    if (request.method !== 'GET' && request.method !== 'HEAD') return options.assets(request);
    if (url.pathname === '/config.js') {
      return new Response(request.method === 'HEAD' ? null : configScript(config), {
        headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
      });
    }
    // A file of the build is served as it is (`/logo.svg` is one segment, like a medal code); any other
    // path gets the shell's page (the SPA fallback), which is where a scan page starts.
    const response = await options.assets(request);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/html')) return response;
    const plain = request.method === 'GET' && !response.headers.has('content-encoding');
    const typed = url.searchParams.get('code');
    if (code !== null && typed !== null) {
      // The scan page's form to type a code again, sent without JavaScript: as typed on the landing page.
      const next = codeFromTyped(typed) ?? code;
      return new Response(null, {
        status: 303,
        headers: { Location: `/${encodeURIComponent(next)}`, 'Cache-Control': 'no-store' },
      });
    }
    const page = plain ? await response.text() : await shellPage(url);
    if (code !== null) return scanPage({ request, code, info, page });
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    const body = request.method === 'HEAD' ? null : clientPage(page, config, null);
    return new Response(body, { status: response.status, headers });
  }
}

/** One cookie's value from a Cookie header, or null. */
function cookie(header: string | null, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}
