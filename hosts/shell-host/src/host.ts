/**
 * The shell's host as one Web-standard handler, `fetch(request, info) → Response`: the same file
 * runs on Node (the launcher, `pnpm start`), Deno and edge runtimes. Only Web APIs here: Request, Response,
 * fetch, URL, crypto.subtle, TextEncoder/TextDecoder, streams.
 *
 * - `/config.js` and every page of the shell: the build's files, each HTML page with the configuration inline.
 * - GET and HEAD `/{code}`: the scan deployment's route module (@medaille/scan-contract) run as a framework
 *   runs it: its loader, then its render of the whole document from the shell's assets; today's
 *   client-rendered page whenever that cannot be done in time.
 * - POST `/{code}`: its action (the message form without JavaScript), then the page again with its outcome;
 *   the finder's text on a page of the host's own, to send again, when the form could not be sent or its
 *   refusal could not be rendered.
 * - GET `/{code}?code=…`: a code typed again on a page with no owner to reach, sent on to its own page; GET
 *   `/?code=…`, the landing's form without JavaScript, likewise.
 * - Every other page of the shell: with what a browser without JavaScript shows of it (scriptless.ts).
 * - GET, HEAD and POST `/conversation/{token}`: the scan deployment's page of a finder's conversation.
 * - GET, HEAD and POST `/e-mails/{token}`: its page that stops every e-mail to a finder's address.
 * - GET, HEAD and POST `/recherche/{id}`: its page of a loss's search, and its form for a sighting.
 * - GET, HEAD and POST `/trouve` and `/trouve/{id}`: its form for an animal found without a medal, and the
 *   found animal's page.
 *
 * Each request gets an id of the host's own, answered in X-Request-Id and passed on to the functions called on
 * its behalf, and leaves one JSON line on the log (requestLine), which names its route, never its path.
 */
import { CONVERSATION_TOKEN_PATTERN, codeFromTyped, INTERNAL_ERROR_MESSAGE } from '@medaille/domain';
import { fillRead } from '@medaille/federation/manifest';
import { isOwnerPath, routeOf, routeParams, scanCodeOf } from '@medaille/routing';
import type {
  CallFunction,
  HeadElement,
  PageConfig,
  RouteData,
  ScanMessageForm,
  ScanRouteModule,
} from '@medaille/scan-contract';
import type { DeployConfig } from '@medaille/supabase/deploy-config';
import { signedFunctionCaller } from './backend.ts';
import { configScript } from './config.ts';
import { pageHeaders } from './content-security-policy.ts';
import { earlyDataScript } from './early-data.ts';
import { healthAnswer } from './health.ts';
import { type KeptPagesOptions, keptPages } from './kept-pages.ts';
import { kept, type RemoteFiles, remoteFilesReader } from './remote-files.ts';
import { readSentForm, resendPage } from './resend-page.ts';
import { scanDeploymentReader, untilAborted } from './scan-deployment.ts';
import { scriptlessBody } from './scriptless.ts';
import { clientPage, type ShellPage, scanPageHead, shellPage } from './shell-page.ts';
import { SHELL_ORIGIN, stylesheets } from './styles.ts';

export interface ShellHostOptions {
  config: DeployConfig;
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
   * The scan's route module bundled at deploy time, for a runtime that forbids code loaded at run time; by
   * default the module the scan deployment names (the configuration's scan manifest URL).
   */
  scanRoute?: ScanRouteModule;
  /**
   * How old the remotes' manifests may be before a request has them read again, in the background (5 s): a
   * redeployed scan remote is rendered, and a redeployed portal announced, from then on, without restarting
   * the host. The shell's own page (its index.html's text) is kept as long.
   */
  manifestMaxAgeMs?: number;
  /** Called on each read of a remote's manifest (to count them). */
  onManifestRead?: () => void;
  /**
   * The host's own requests, to the backend and to the scan deployment: the platform's fetch by default (the
   * bench's adds the distances a deployment has between them).
   */
  fetch?: typeof fetch;
  /** How many medals' last profiles are kept, and for how long, for when the backend fails (kept-pages.ts). */
  keptPages?: KeptPagesOptions;
  /** Where a failed render is reported (the finder gets today's page); console.warn by default. */
  log?: (message: string) => void;
  /** Where each request's JSON line goes (requestLine); console.log by default. */
  requestLog?: (line: string) => void;
}

/** Who the finder is, as the host's socket or platform saw it (never a header the client wrote). */
export interface ClientInfo {
  clientAddress: string | null;
}

/**
 * Which of the host's parts answered a request, as its log line names it: never the path, which holds a medal's
 * code or a finder's private link.
 */
export type RouteName =
  | 'scan-page'
  | 'scan-action'
  | 'scan-code-typed'
  | 'conversation'
  | 'stop-finder-mail'
  | 'search'
  | 'found'
  | 'healthz'
  | 'config'
  | 'shell-page'
  | 'asset';

/**
 * One request as the host's parts see it: the finder's address, the id the host gave it (passed on to the
 * functions it calls on its behalf, and answered in X-Request-Id), and the route answering it, named as soon as
 * it is known.
 */
interface Exchange extends ClientInfo {
  requestId: string;
  route: RouteName;
}

export interface ShellHost {
  fetch(request: Request, info: ClientInfo): Promise<Response>;
  /**
   * Settles once the scan remote's server entry is loaded and has rendered one page (a code that does not
   * exist, with no backend call), so that the first finder is not the one who waits for the download and
   * the first render's compilation, and the portal's manifest is read; it never rejects. Started when the
   * host is created.
   */
  ready(): Promise<void>;
}

export const DEFAULT_RENDER_BUDGET_MS = 800;
export const DEFAULT_MANIFEST_MAX_AGE_MS = 5_000;
const WARM_UP_TIMEOUT_MS = 30_000;
/**
 * The budget of the action and of the page after it: sending e-mails the owner, and the page alone holds the
 * finder's text and the refusal's words, which the client-rendered page would lose.
 */
const ACTION_BUDGET_MS = 15_000;
/** The host's own words when even the shell's build cannot be read (post_finder_message's FAILURES.internal). */
const UNAVAILABLE = INTERNAL_ERROR_MESSAGE;
/** When a finder whose form is given back may send it again: a deployment or a render back on its feet. */
const RESEND_RETRY_AFTER_S = '5';

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
/** As the shell's page is served today: every load asks again (the page names the current builds). */
const CLIENT_RENDERED_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Robots-Tag': 'noindex',
};

/** What the parts of the host share: its options, read once. */
interface Framework {
  options: ShellHostOptions;
  config: DeployConfig;
  pageConfig: PageConfig;
  budgetMs: number;
  log: (message: string) => void;
  requestLog: (line: string) => void;
  outgoing: typeof fetch;
  styles: ReturnType<typeof stylesheets>;
  deployment: ReturnType<typeof scanDeploymentReader>;
  /** The portal's files, which an owner's page announces. */
  portalFiles: () => Promise<RemoteFiles>;
  /** The shell's index.html as text, kept for the manifests' max age (the shell's build is redeployed like them). */
  shellText: () => Promise<string>;
  /** The headers of a page whose inline scripts are these: its Content-Security-Policy, and no framing. */
  pageHeaders: (scripts: readonly string[]) => Promise<Record<string, string>>;
  /** The last public profile read for each medal, rendered when the backend fails (kept-pages.ts). */
  keptPages: ReturnType<typeof keptPages>;
}

export function createShellHost(options: ShellHostOptions): ShellHost {
  const { config } = options;
  const outgoing = options.fetch ?? ((input, init) => fetch(input, init));
  const manifests = {
    fetch: outgoing,
    maxAgeMs: options.manifestMaxAgeMs ?? DEFAULT_MANIFEST_MAX_AGE_MS,
    ...(options.onManifestRead ? { onRead: options.onManifestRead } : {}),
  };
  const framework: Framework = {
    options,
    config,
    pageConfig: {
      supabaseUrl: config.supabaseUrl,
      supabaseAnonKey: config.supabaseAnonKey,
      imageTransformations: config.imageTransformations === true,
    },
    budgetMs: options.renderBudgetMs ?? DEFAULT_RENDER_BUDGET_MS,
    log: options.log ?? ((message: string) => console.warn(`[shell-host] ${message}`)),
    requestLog: options.requestLog ?? ((line: string) => console.log(line)),
    outgoing,
    styles: stylesheets(options.assets, outgoing),
    deployment: scanDeploymentReader(config.remotes.scan, {
      ...manifests,
      ...(options.scanRoute ? { route: options.scanRoute } : {}),
    }),
    portalFiles: remoteFilesReader(config.remotes.portal, manifests),
    shellText: kept(() => shellHtml(options.assets), manifests.maxAgeMs),
    pageHeaders: pageHeaders(config),
    keptPages: keptPages(options.keptPages),
  };
  // The portal's manifest read at once too, so that the first owner's page announces it.
  const portalRead = framework.portalFiles().then(
    () => {},
    () => {},
  );
  const warmedUp = Promise.all([warmUp(framework), portalRead]).then(() => {});
  return {
    ready: () => warmedUp,
    async fetch(request, info) {
      const time = new Date();
      const started = performance.now();
      // The host's own id, never one the client sent: the functions trust it as the host's.
      const exchange: Exchange = { clientAddress: info.clientAddress, requestId: crypto.randomUUID(), route: 'asset' };
      let response: Response;
      try {
        response = await answer(framework, request, exchange);
      } catch (error) {
        // The shell's own build could not be read: no page to fall back to, but never a stack trace.
        framework.log(`${request.method} of a ${exchange.route} request failed: ${reason(error)}`);
        response = new Response(UNAVAILABLE, {
          status: 503,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
        });
      }
      framework.requestLog(requestLine(request, response, exchange, time, performance.now() - started));
      return withHeaders(response, { 'X-Request-Id': exchange.requestId });
    },
  };
}

/**
 * A request's line on the log, as JSON: when it came, the route that answered, its status, the time until its
 * headers were ready (a streamed page's rest follows them), and its id. Neither its path nor its query (a
 * medal's code, a private link) nor anything of the finder (their address, what they wrote).
 */
function requestLine(request: Request, response: Response, exchange: Exchange, time: Date, durationMs: number) {
  return JSON.stringify({
    time: time.toISOString(),
    service: 'host',
    route: exchange.route,
    method: request.method,
    status: response.status,
    duration_ms: Math.round(durationMs),
    request_id: exchange.requestId,
  });
}

/**
 * Which part answers: a scan page's action or render, a code typed again, or the shell's own files (named in
 * `exchange.route` before it runs, for the log).
 */
async function answer(framework: Framework, request: Request, exchange: Exchange): Promise<Response> {
  const { options, config } = framework;
  const url = new URL(request.url);
  // Which route the path is, by the site's route table: what serves it, and its parameters.
  const route = routeOf(url.pathname);
  const token = route?.params.token ?? '';
  // A token of the wrong form (a link cut by a mail client) gets the conversation page too, which says it opens
  // nothing: without JavaScript the shell's page would be blank. Such a token is never sent on.
  if (route?.name === 'conversation') {
    exchange.route = 'conversation';
    const valid = CONVERSATION_TOKEN_PATTERN.test(token);
    return deploymentPage(framework, request, { page: 'conversation', token: valid ? token : '' }, exchange);
  }
  if (route?.name === 'stopFinderMail' && CONVERSATION_TOKEN_PATTERN.test(token)) {
    exchange.route = 'stop-finder-mail';
    return deploymentPage(framework, request, { page: 'stopFinderMail', token }, exchange);
  }
  if (route?.name === 'search') {
    exchange.route = 'search';
    return deploymentPage(framework, request, { page: 'search', id: route.params.id ?? '' }, exchange);
  }
  if (route?.name === 'reportFound' || route?.name === 'found') {
    exchange.route = 'found';
    return deploymentPage(framework, request, { page: 'found', id: route.params.id ?? null }, exchange);
  }
  const code = route?.name === 'scan' ? scanCodeOf(url.pathname) : null;
  if (request.method === 'POST' && code !== null) {
    exchange.route = 'scan-action';
    return scanAction(framework, request, code, exchange);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return options.assets(request);
  if (route?.name === 'health') {
    exchange.route = 'healthz';
    return healthAnswer(config, framework.outgoing);
  }
  if (route?.name === 'config') {
    exchange.route = 'config';
    return new Response(request.method === 'HEAD' ? null : configScript(config), {
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
    });
  }
  // A file of the build is served as it is (`/logo.svg` is one segment, like a medal code); any other
  // path gets the shell's page (the SPA fallback), which is where a scan page starts.
  exchange.route = code !== null ? 'scan-page' : 'shell-page';
  const response = await options.assets(request);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('text/html')) {
    exchange.route = 'asset';
    return response;
  }
  const plain = request.method === 'GET' && !response.headers.has('content-encoding');
  const typed = url.searchParams.get('code');
  // The code typed on the landing page without JavaScript (scriptless.ts), or on a scan page's form to type it
  // again: sent on to that code's page, read as the landing's script reads it. The landing's form sent without
  // a code is the landing again, saying so.
  const next = typed === null ? null : (codeFromTyped(typed) ?? code);
  if (next !== null && (code !== null || route?.name === 'home')) {
    exchange.route = 'scan-code-typed';
    await response.body?.cancel();
    return new Response(null, {
      status: 303,
      headers: { Location: `/${encodeURIComponent(next)}`, 'Cache-Control': 'no-store' },
    });
  }
  // A compressed page is the same file as the kept text: not read a second time, uncompressed.
  if (!plain) await response.body?.cancel();
  const shell = shellPage(plain ? await response.text() : await framework.shellText());
  if (code !== null) return scanRender(framework, { request, code, exchange, shell, budgetMs: framework.budgetMs });
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  const preloads = isOwnerPath(url.pathname) ? await portalHead(framework, url.pathname) : [];
  const scripts = preloads.flatMap((element) => (element.tag === 'script' ? [element.text ?? ''] : []));
  for (const [name, value] of Object.entries(await shellPageHeaders(framework, shell, scripts))) {
    headers.set(name, value);
  }
  const scriptless = scriptlessBody(url.pathname, { empty: typed !== null });
  const body = request.method === 'HEAD' ? null : clientPage(shell, config, { preloads, scriptless });
  return new Response(body, { status: response.status, headers });
}

/**
 * An owner's page announces the portal's files (its manifest, entry, and exposed module's scripts and
 * styles), which the shell would otherwise ask for one after the other once its own scripts have run, and, on
 * a page the manifest names, that page's own files and the script that asks for its data at once
 * (early-data.ts). Only when already read: an owner's page never waits for the portal's deployment (the read
 * goes on, for the pages after it).
 */
async function portalHead(framework: Framework, pathname: string): Promise<HeadElement[]> {
  const files = framework.portalFiles();
  // First in the race: when both are settled, the first one listed wins.
  const read = await Promise.race([files, Promise.resolve(null)]).catch(() => null);
  if (!read) return [];
  const opening = read.pages
    .map((page) => ({ page, params: routeParams(page.route, pathname) }))
    .find(({ params }) => params !== null);
  const reads = opening ? opening.page.data.map((data) => fillRead(data, opening.params ?? {})) : [];
  const asking = reads.length > 0 && reads.every((filled) => filled !== null);
  // At a low priority: the shell's own scripts come first, since they must run before the page's next files are
  // even known (on a phone, the router and the page's chunk some 250 ms earlier).
  const low: [string, string] = ['fetchpriority', 'low'];
  return [
    ...(asking ? [{ tag: 'script' as const, attributes: [], text: earlyDataScript(reads as string[]) }] : []),
    ...[...read.preloads, ...(opening?.page.preloads ?? [])].map((element) => ({
      ...element,
      attributes: [...element.attributes, low],
    })),
  ];
}

/** The shell's index.html, as text (never compressed: asked for without Accept-Encoding). */
async function shellHtml(assets: ShellHostOptions['assets']): Promise<string> {
  const response = await assets(new Request(`${SHELL_ORIGIN}/`, { headers: { accept: 'text/html' } }));
  if (!response.ok) throw new Error(`the shell's page answered ${response.status}`);
  return response.text();
}

/** The capability the scan's loader and action call the finder's functions with; the secret stays here. */
function callFunctionFor(framework: Framework, exchange: Exchange): CallFunction {
  return signedFunctionCaller(framework.config, framework.options.finderIdentitySecret, exchange, framework.outgoing);
}

interface RenderRequest {
  request: Request;
  code: string;
  exchange: Exchange;
  shell: ShellPage;
  budgetMs: number;
  /** The action's outcome, for the page after a POST. */
  actionData?: RouteData;
  /** The body as posted (a copy the action did not read): given back when a refusal cannot be rendered. */
  posted?: Request;
}

/**
 * GET (and after an action) /{code}: the route module's loader, then its render of the document from the
 * shell's head and stylesheets and the scan remote's files, within the budget; else the client-rendered page.
 * A GET is streamed: the document's start, which needs no profile, leaves while the loader runs.
 */
async function scanRender(
  framework: Framework,
  { request, code, exchange, shell, budgetMs, actionData, posted }: RenderRequest,
) {
  const { config, pageConfig } = framework;
  const budget = AbortSignal.timeout(budgetMs);
  const params = { code };
  const deployment = framework.deployment.current();
  // The profile asked for at once, beside the page's files (kept: read once per max age); the copy kept of
  // the last one when the backend fails.
  const loaderData = deployment.then(({ route }) =>
    framework.keptPages.load(
      code,
      route.loader({
        request,
        params,
        context: { callFunction: callFunctionFor(framework, exchange) },
        signal: budget,
      }),
    ),
  );
  const page = deployment.then(async ({ files, route }) => {
    const { head, stylesheets } = scanPageHead(shell, config, files.preloads);
    const [styles, headers] = await Promise.all([
      pageStyles(framework, files, stylesheets, new URL(request.url)),
      shellPageHeaders(framework, shell, route.inlineScripts ?? []),
    ]);
    return { route, headers, document: { head, styles, scripts: files.onDemandScripts } };
  });
  const rendering = async (started: boolean) => {
    const [{ route, document, headers }, data] = await Promise.all([page, loaderData]);
    const html = await route.render({
      request,
      params,
      loaderData: data,
      ...(actionData ? { actionData } : {}),
      document,
      config: pageConfig,
      signal: budget,
      ...(started ? { started } : {}),
    });
    return {
      html,
      status: actionData?.status ?? data.status,
      headers: { ...data.headers, ...actionData?.headers, ...headers },
    };
  };
  // What goes on alone when the budget passes fails then for nobody.
  for (const promise of [loaderData, page]) promise.catch(() => {});

  // HEAD has no body to stream, and waits for the status; the page after an action has its outcome's status.
  if (request.method === 'GET' && !actionData) {
    const ready = await untilAborted(page, budget).catch(() => null);
    let start: string | undefined;
    try {
      start = ready?.route.documentStart?.({ request, params, document: ready.document, config: pageConfig });
    } catch (error) {
      // A deployment's start that throws: its page is answered whole, or client-rendered.
      framework.log(`/${code} not streamed: ${reason(error)}`);
    }
    if (ready && start !== undefined) {
      return streamedPage(framework, code, start, rendering(true), budget, shell, ready.headers);
    }
  }
  const whole = rendering(false);
  whole.catch(() => {});
  try {
    const rendered = await untilAborted(whole, budget);
    return html(request, rendered.status, { ...SERVER_RENDERED_HEADERS, ...rendered.headers }, rendered.html);
  } catch (error) {
    // A refusal's page holds the finder's text to send again, which the client-rendered page would lose (a
    // message sent needs no text back: the client-rendered page will do).
    const sent = actionData && actionData.status >= 400 && posted ? await readSentForm(posted) : null;
    if (actionData && sent) {
      framework.log(`POST /${code} refused, its form given back: ${reason(error)}`);
      return html(
        request,
        actionData.status,
        { ...SERVER_RENDERED_HEADERS, ...actionData.headers, ...(await framework.pageHeaders([])) },
        resendPage(code, sent, refusalWords(actionData) ?? undefined),
      );
    }
    framework.log(`/${code} served client-rendered: ${reason(error)}`);
    // The scan remote's files when read already, or by the end of the budget: the page then preloads them.
    // (First in the race: when both are settled, the first one listed wins.)
    const files = framework.deployment.files();
    const preloaded = await Promise.race([files, untilAborted(files, budget).catch(() => null)]).catch(() => null);
    return clientRendered(framework, request, shell, preloaded, actionData);
  }
}

/**
 * A scan page sent as it is written: its start at once, 200 (the status leaves before the profile is known:
 * a code that does not exist says so on its page, `noindex` as every finder's page), then the rest of the
 * render; or, when the render fails or passes the budget, the rest of the shell's page, whose scripts then
 * render it in the browser as today's client-rendered page does (the start holds its head, styles included).
 */
function streamedPage(
  framework: Framework,
  code: string,
  start: string,
  rendering: Promise<{ html: string }>,
  budget: AbortSignal,
  shell: ShellPage,
  headers: Record<string, string>,
): Response {
  const encoder = new TextEncoder();
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(start));
      let rest: string;
      try {
        rest = (await untilAborted(rendering, budget)).html;
      } catch (error) {
        framework.log(`/${code} ended client-rendered after its start: ${reason(error)}`);
        rest = shell.afterHead;
      }
      // A finder who left has cancelled the stream: nothing more to send.
      if (cancelled) return;
      controller.enqueue(encoder.encode(rest));
      controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, { status: 200, headers: { ...SERVER_RENDERED_HEADERS, ...headers } });
}

/** The scan remote's stylesheets and the shell's (`shellStyles`, their paths), read for a page to inline. */
function pageStyles(framework: Framework, files: RemoteFiles, shellStyles: string[], pageUrl: URL) {
  return framework.styles.read(
    [
      // The scan remote's by the name in its manifest, the shell's by path: as their chunk loaders look.
      ...files.styles.map((style) => ({ url: new URL(style.href), loaderName: style.name })),
      ...shellStyles.map((href) => new URL(href, SHELL_ORIGIN)).map((url) => ({ url, loaderName: url.pathname })),
    ],
    pageUrl,
  );
}

/** Today's client-rendered page: never worse than before the server render. */
async function clientRendered(
  framework: Framework,
  request: Request,
  shell: ShellPage,
  files: RemoteFiles | null,
  actionData?: RouteData,
): Promise<Response> {
  const page = clientPage(shell, framework.config, { noindex: true, preloads: files?.preloads ?? [] });
  const headers = { ...CLIENT_RENDERED_HEADERS, ...actionData?.headers, ...(await shellPageHeaders(framework, shell)) };
  return html(request, actionData?.status ?? 200, headers, page);
}

/**
 * The headers of a page made from the shell's: its own inline scripts, the configuration the host writes in,
 * and `scripts`, those the host or the scan deployment add.
 */
function shellPageHeaders(framework: Framework, shell: ShellPage, scripts: readonly string[] = []) {
  return framework.pageHeaders([...shell.scripts, configScript(framework.config), ...scripts]);
}

/**
 * POST /{code}: the route module's action (the message form of a page without JavaScript), then the page
 * again with its outcome, waiting as long as sending may rather than a scan page's budget.
 */
async function scanAction(framework: Framework, request: Request, code: string, exchange: Exchange) {
  const budget = AbortSignal.timeout(ACTION_BUDGET_MS);
  const shell = framework.shellText().then(shellPage);
  shell.catch(() => {});
  // The form was not sent: the finder gets it back to send again; a body that is no form gets the
  // client-rendered page.
  const notSent = async (error: unknown, body: Request) => {
    framework.log(`POST /${code} not sent: ${reason(error)}`);
    const sent = await readSentForm(body);
    if (sent) return resendResponse(framework, request, code, sent);
    return clientRendered(framework, request, await shell, null, { status: 503, data: null });
  };
  let route: ScanRouteModule;
  try {
    // Sending needs the route module alone, not the files a page announces.
    route = await untilAborted(framework.deployment.route(), budget);
  } catch (error) {
    return notSent(error, request);
  }
  // Taken before the action reads the body: the host reads this copy only if it must give the form back.
  const posted = request.clone();
  let result: Awaited<ReturnType<ScanRouteModule['action']>>;
  try {
    result = await route.action({
      request,
      params: { code },
      context: { callFunction: callFunctionFor(framework, exchange) },
      signal: budget,
    });
  } catch (error) {
    // A deployment's action answers its own failures; one that throws is a broken deployment.
    return notSent(error, posted);
  }
  if (result instanceof Response) return result;
  return scanRender(framework, {
    request,
    code,
    exchange,
    shell: await shell,
    budgetMs: ACTION_BUDGET_MS,
    actionData: result,
    posted,
  });
}

/**
 * A page the scan deployment answers whole, with the shell's and the scan remote's styles, waiting as long as
 * sending may: a finder's private link's (GET, HEAD and POST /conversation/{token}, their conversation, and
 * /e-mails/{token}, stopping the e-mails to their address) and a loss's search page (GET, HEAD and POST
 * /recherche/{id}, its form for a sighting), a found animal's (GET, HEAD and POST /trouve, its form, and /trouve/{id}).
 * When the deployment cannot answer, the host's own words (503): the token or id is never written to the log.
 */
async function deploymentPage(
  framework: Framework,
  request: Request,
  asked:
    | { page: 'conversation' | 'stopFinderMail'; token: string }
    | { page: 'search'; id: string }
    | { page: 'found'; id: string | null },
  exchange: Exchange,
) {
  const budget = AbortSignal.timeout(ACTION_BUDGET_MS);
  try {
    const url = new URL(request.url);
    const [{ files, route }, shell] = await untilAborted(
      Promise.all([framework.deployment.current(), framework.shellText().then(shellPage)]),
      budget,
    );
    const { stylesheets } = scanPageHead(shell, framework.config, files.preloads);
    const styles = await pageStyles(framework, files, stylesheets, url);
    const args = { request, context: { callFunction: callFunctionFor(framework, exchange) }, styles, signal: budget };
    const config = framework.pageConfig;
    const rendered =
      asked.page === 'search'
        ? route.search?.({ ...args, params: { id: asked.id }, config })
        : asked.page === 'found'
          ? route.found?.({ ...args, params: { id: asked.id }, config })
          : route[asked.page]?.({ ...args, params: { token: asked.token } });
    if (!rendered) throw new Error(`the scan deployment has no ${asked.page} page`);
    const [response, headers] = await untilAborted(
      Promise.all([rendered, framework.pageHeaders(route.inlineScripts ?? [])]),
      budget,
    );
    return withHeaders(response, headers);
  } catch (error) {
    framework.log(`${request.method} of a ${asked.page} page failed: ${reason(error)}`);
    return new Response(request.method === 'HEAD' ? null : UNAVAILABLE, {
      status: 503,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'Retry-After': RESEND_RETRY_AFTER_S,
      },
    });
  }
}

/** The finder's form on the host's own page (503), to send again once the deployment is back. */
async function resendResponse(framework: Framework, request: Request, code: string, sent: URLSearchParams) {
  const headers = {
    ...SERVER_RENDERED_HEADERS,
    'Retry-After': RESEND_RETRY_AFTER_S,
    ...(await framework.pageHeaders([])),
  };
  return html(request, 503, headers, resendPage(code, sent));
}

/** A route module's response with the host's headers on it (its own may be immutable). */
function withHeaders(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A refused message form's words (the functions' French text), as the action gave them for its page. */
function refusalWords(actionData: RouteData): string | null {
  const { messageForm } = (actionData.data ?? {}) as { messageForm?: ScanMessageForm };
  return messageForm?.state === 'refused' ? messageForm.error : null;
}

/** On start: the route module loaded and one page rendered (a code that does not exist, no backend call). */
async function warmUp(framework: Framework): Promise<void> {
  try {
    const signal = AbortSignal.timeout(WARM_UP_TIMEOUT_MS);
    const { route } = await untilAborted(framework.deployment.current(), signal);
    const code = 'MDL-WARM-UP';
    const request = new Request(`${SHELL_ORIGIN}/${code}`);
    const args = {
      request,
      params: { code },
      context: { callFunction: async () => Response.json({ status: 'not_found', code }) },
      signal,
    };
    const loaderData = await route.loader(args);
    await route.render({
      ...args,
      loaderData,
      document: { head: [], styles: [], scripts: [] },
      config: framework.pageConfig,
    });
  } catch (error) {
    framework.log(`the scan remote's server entry is not ready: ${reason(error)}`);
  }
}

function html(request: Request, status: number, headers: Record<string, string>, text: string): Response {
  return new Response(request.method === 'HEAD' ? null : text, { status, headers });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
