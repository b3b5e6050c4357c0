/**
 * Every agreement between the shell's host and the scan deployment (docs/decisions/0012-scan-page-server-rendered.md):
 * the scan's server entry is a route module shaped like a React Router one (`loader`, `action`, and the render of the
 * whole document), the host is the framework around it (the shell's assets, the inline configuration, the render
 * budget, the client-rendered fallback, and a signed call-the-function capability). What the browser's page and the
 * server's page share (the hydration data and where it sits) is here too.
 */

import { escapeHtml } from '@medaille/domain';
import type { DeployConfig } from '@medaille/supabase/deploy-config';

/** The scan remote's exposed ./ScanPage: the public page of one medal code. */
export interface ScanPageProps {
  code: string;
  /**
   * What the server rendered the page from: given, the page renders exactly that on its first render (to
   * hydrate the server's HTML) and asks for no profile.
   */
  initial?: ScanHydration;
}

/** The no-JavaScript message form's outcome, after the action sent it to post_finder_message. */
export type ScanMessageForm =
  // `conversation`: the path of the finder's conversation page, which the message opened.
  | { state: 'sent'; conversation?: string }
  | {
      state: 'refused';
      error: string;
      // `status` and `place`: what the finder said they are doing (finder_messages.finder_status).
      // `sendKey`: the key the form was drawn with, drawn again with it so that sending again stores once.
      values: { message: string; contact: string; email?: string; status?: string; place?: string; sendKey?: string };
    };

/**
 * What the scan page was rendered from on the server, written as JSON in
 * <script type="application/json" id="medaille-scan-data">: the browser renders the same from it.
 */
export interface ScanHydration {
  /** The BUILD_ID of the scan build that rendered it: hydrate only with the same build. */
  build: string;
  code: string;
  /** One of the scan page's languages. */
  language: string;
  /** The locale dates and numbers were written in (from Accept-Language), kept so that hydration matches. */
  locale: string;
  /** ISO time of the render: ages are counted from it. */
  renderedAt: string;
  /** The page's address as the host saw it, in the SMS and WhatsApp texts until the browser's own replaces it. */
  pageUrl: string;
  /** Whether the photos' sources were written for Storage's image transformations (the host's config). */
  imageTransformations: boolean;
  /** get_public_profile's answer. */
  answer: unknown;
  /** When the answer is a copy the host kept, read at this ISO time, because the backend failed now. */
  keptAt?: string;
  messageForm?: ScanMessageForm;
}

/** The id of the element holding the ScanHydration JSON, and of the one holding the server's markup. */
export const SCAN_DATA_ELEMENT_ID = 'medaille-scan-data';
/**
 * An element a streamed page writes in its head, before the early-profile script, when the data comes later in
 * the same document: that script then asks for nothing.
 */
export const SCAN_DATA_COMING_ELEMENT_ID = 'medaille-scan-data-coming';
export const SCAN_PAGE_ELEMENT_ID = 'scan-page';
/** The shell's own root element, which the shell's scripts render into (empty in the server's page). */
export const SHELL_ROOT_ELEMENT_ID = 'root';

/**
 * Calls one of the finder's functions on the finder's behalf (POST, JSON body): the host signs the finder's
 * address with a secret that never leaves it, and adds nothing of the finder's request.
 */
export type CallFunction = (
  name:
    | 'get_public_profile'
    | 'post_finder_message'
    | 'conversation'
    | 'stop-finder-mail'
    | 'search'
    | 'report-sighting'
    | 'follow-search'
    | 'report-found'
    | 'found',
  body: unknown,
  signal: AbortSignal,
) => Promise<Response>;

/** What the loader and the action are given, as React Router gives its route modules. */
export interface RouteArgs {
  request: Request;
  params: { code: string };
  context: { callFunction: CallFunction };
  /** Aborted when the host gives up on this request (its budget). */
  signal: AbortSignal;
}

/** What a loader or an action answers for the render: the response's status and headers, and its data. */
export interface RouteData {
  status: number;
  headers?: Record<string, string>;
  /** Read by the scan's render only. */
  data: unknown;
  /**
   * A loader's data the host may keep (a public profile): when a later loader of the same params fails (the
   * backend unreachable or failing), the host renders this copy instead, with `keptAt`. Data without it drops
   * the copy (the code is gone, suspended or hidden now).
   */
  keep?: boolean;
  /** Set by the host on a kept copy: when it was loaded (ISO time); the page says it may be out of date. */
  keptAt?: string;
}

/** The part of the deploy-time configuration (`@medaille/supabase/config`) the page is rendered with. */
export type PageConfig = Pick<DeployConfig, 'supabaseUrl' | 'supabaseAnonKey'> & { imageTransformations: boolean };

/** One element of the document's head, written by `writeElement`. */
export interface HeadElement {
  tag: 'meta' | 'link' | 'script' | 'title' | 'base';
  attributes: [name: string, value: string][];
  /** A script's code, written as it is; a title's text, escaped. */
  text?: string;
}

/** A stylesheet of the page, read by the host, for the render to inline. */
export interface Stylesheet {
  /** Where a <link> would point: a path of the shell's origin, or an absolute URL of the scan's. */
  href: string;
  /** The name under which the chunk loader that would load it looks for it on the page (`data-href`). */
  loaderName: string;
  css: string;
}

/** What the host gives the render besides the request: the shell's page and the scan remote's files. */
export interface PageDocument {
  /**
   * The shell's <head> in order: the configuration inline, `noindex`, the scan remote's preloads, the
   * shell's scripts and script preloads, its <title>; no stylesheet link (they are in `styles`).
   */
  head: HeadElement[];
  /** The shell's stylesheets and the scan remote's, in order, for the end of the head. */
  styles: Stylesheet[];
  /** The scan build's on-demand scripts, absolute (its mf-manifest's async JavaScript). */
  scripts: string[];
}

export interface RenderArgs {
  request: Request;
  params: { code: string };
  loaderData: RouteData;
  actionData?: RouteData;
  document: PageDocument;
  config: PageConfig;
  signal: AbortSignal;
  /** The document's start was sent already (`documentStart`): write the rest, from within the head. */
  started?: boolean;
}

/** What the document's start is written from: the request and the document, nothing the loader reads. */
export type DocumentStartArgs = Pick<RenderArgs, 'request' | 'params' | 'document' | 'config'>;

/**
 * The scan deployment's server entry (server/scan-server.<hash>.mjs): one self-contained ES module. Any
 * rejection sends the host to today's client-rendered page.
 */
export interface ScanRouteModule {
  /** The same id as the browser build's: the server's HTML is hydrated only by its own build. */
  BUILD_ID: string;
  /**
   * GET /{code}: the profile, through `callFunction`; decides the status (404 for a code that does not exist)
   * and headers of a page answered whole. A page streamed from its start has sent them before the loader
   * answered: 200 and the host's own headers.
   */
  loader(args: RouteArgs): Promise<RouteData>;
  /**
   * POST /{code}: the message form of a page without JavaScript. A Response (a body the form never sends)
   * is answered as it is; data is rendered with the loader's.
   */
  action(args: RouteArgs): Promise<RouteData | Response>;
  /** The whole document, `<!doctype html>` to `</html>`; its rest after `documentStart`'s when `started`. */
  render(args: RenderArgs): Promise<string>;
  /**
   * The document from `<!doctype html>` to within its head, which stays open: what depends on nothing the
   * loader reads (`<html lang>`, the head, the stylesheets), which the host sends while the loader runs.
   * Optional: a deployment built before it has none, and its pages are answered whole.
   */
  documentStart?(args: DocumentStartArgs): string;
  /**
   * GET, HEAD and POST /conversation/{token}: the finder's page of their conversation
   * (docs/decisions/0017-finder-owner-conversation.md), the whole response. Optional: a deployment built before it has
   * none, and the host then says the page is unavailable.
   */
  conversation?(args: ConversationArgs): Promise<Response>;
  /**
   * GET, HEAD and POST /e-mails/{token}: the page that stops every e-mail to a finder's address, the visible
   * link of those e-mails; the whole response. Optional, as `conversation` is.
   */
  stopFinderMail?(args: StopFinderMailArgs): Promise<Response>;
  /**
   * GET, HEAD and POST /recherche/{id}: a loss's public search page and its form for a sighting
   * (docs/product/search.md), the whole response. Optional, as `conversation` is.
   */
  search?(args: SearchArgs): Promise<Response>;
  /**
   * GET, HEAD and POST /trouve and /trouve/{id}: the form that reports an animal found without a medal, and a
   * found animal's page (docs/product/found.md), the whole response. Optional, as `conversation` is.
   */
  found?(args: FoundArgs): Promise<Response>;
  /**
   * The code of every inline script the route's pages may carry, as written between `<script>` and
   * `</script>`: the host's Content-Security-Policy allows each by its hash, and no other. So each is one
   * fixed text, whatever the page (what varies goes in the element's attributes). Optional: a deployment built
   * before it has none, and its pages' inline scripts are refused by the browser (the pages work without them).
   */
  inlineScripts?: readonly string[];
}

/** What the conversation page is given: the request, the link's token, the capability, the page's styles. */
export interface ConversationArgs {
  request: Request;
  params: { token: string };
  context: { callFunction: CallFunction };
  /** The scan remote's stylesheets and the shell's, as the scan page has them, to inline. */
  styles: Stylesheet[];
  signal: AbortSignal;
}

/** What the page that stops e-mails to a finder's address is given: as the conversation page, its token. */
export type StopFinderMailArgs = ConversationArgs;

/** What a search page is given: the search's id, and the page's configuration (its photos' sizes). */
export interface SearchArgs extends Omit<ConversationArgs, 'params'> {
  params: { id: string };
  config: PageConfig;
}

/** What a found animal's pages are given: the report's id, or null for the form that reports one. */
export interface FoundArgs extends Omit<SearchArgs, 'params'> {
  params: { id: string | null };
}

/** The route module's required exports and their types, as the host checks a module it imported. */
export const SCAN_ROUTE_EXPORTS = {
  BUILD_ID: 'string',
  loader: 'function',
  action: 'function',
  render: 'function',
} as const satisfies Record<
  Exclude<
    keyof ScanRouteModule,
    'conversation' | 'stopFinderMail' | 'search' | 'found' | 'documentStart' | 'inlineScripts'
  >,
  'string' | 'function'
>;

/** The module's exports checked against SCAN_ROUTE_EXPORTS; throws naming what is missing. */
export function asScanRouteModule(module: unknown, from: string): ScanRouteModule {
  const exports = (module ?? {}) as Record<string, unknown>;
  const missing = Object.entries(SCAN_ROUTE_EXPORTS).filter(([name, type]) => typeof exports[name] !== type);
  if (missing.length > 0) throw new Error(`${from} exports no ${missing.map(([name]) => name).join(', ')}`);
  const scripts = exports.inlineScripts;
  if (scripts !== undefined && !(Array.isArray(scripts) && scripts.every((script) => typeof script === 'string'))) {
    throw new Error(`${from} exports inlineScripts that are not texts`);
  }
  return exports as unknown as ScanRouteModule;
}

/** server/server-manifest.json, beside the scan remote's mf-manifest.json: where the server entry is. */
export interface ScanServerManifest {
  /** Relative to the manifest's URL. */
  file: string;
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
  build: string;
}

/** Where the server manifest is, from the scan remote's mf-manifest.json URL. */
export const SERVER_MANIFEST_PATH = 'server/server-manifest.json';

/** A server manifest read from JSON; throws when it names no file or no hex SHA-256. */
export function readServerManifest(body: unknown): ScanServerManifest {
  const manifest = body as Partial<ScanServerManifest> | null;
  if (
    typeof manifest?.file !== 'string' ||
    manifest.file === '' ||
    typeof manifest.sha256 !== 'string' ||
    !/^[0-9a-f]{64}$/i.test(manifest.sha256)
  ) {
    throw new Error('server-manifest.json has no file and sha256');
  }
  return {
    file: manifest.file,
    sha256: manifest.sha256.toLowerCase(),
    build: typeof manifest.build === 'string' ? manifest.build : '',
  };
}

/**
 * JSON that can sit inside a <script> element: `<` written \u003c (no `</script>`, no `<!--`), and the
 * line separators U+2028/U+2029 escaped (old JavaScript parsers end a string there). JSON.parse reads it
 * back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** One head element as HTML. A script's code must be the host's or the build's own, never a visitor's. */
export function writeElement(element: HeadElement): string {
  const attributes = element.attributes
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  const open = `<${element.tag}${attributes}>`;
  if (element.tag === 'meta' || element.tag === 'link' || element.tag === 'base') return open;
  const text = element.text ?? '';
  return `${open}${element.tag === 'title' ? escapeHtml(text) : text}</${element.tag}>`;
}

/** A posted form as both sides read it: its fields, or why it is refused (413 too big, 415 not a form). */
export type PostedForm = { fields: URLSearchParams } | { refusal: 413 | 415 };

/**
 * The fields of an `application/x-www-form-urlencoded` body (no charset, or UTF-8: what a UTF-8 page's form
 * sends) of at most `limit` bytes, read with the care of any request body: the type first, then the declared
 * length, then no more than `limit` bytes of it. Parsed by `URLSearchParams`. The scan's action reads its
 * message form with it, and the host the form it gives back when that action cannot run.
 */
export async function readPostedForm(request: Request, limit: number): Promise<PostedForm> {
  if (!isUrlEncodedForm(request.headers.get('content-type'))) return { refusal: 415 };
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= limit)) return { refusal: 413 };
  const bytes = await readAtMost(request, limit);
  if (bytes === null) return { refusal: 413 };
  return { fields: new URLSearchParams(new TextDecoder().decode(bytes)) };
}

/**
 * A posted form that may carry files: its text fields, its files by field in order (none empty), or why it is
 * refused (400 malformed).
 */
export type PostedFormWithFiles =
  | { fields: URLSearchParams; files: Map<string, File[]> }
  | { refusal: 400 | 413 | 415 };

/**
 * A form that may carry a file (`multipart/form-data`: the search page's sighting with a photo), read as
 * `readPostedForm` reads a plain one, and a plain one too: the type first, then the declared length, then no
 * more than `limit` bytes, parsed by the platform's `FormData`. A file input left empty (sent with no name and
 * no bytes) is no file.
 */
export async function readPostedFormWithFiles(request: Request, limit: number): Promise<PostedFormWithFiles> {
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.split(';')[0]?.trim().toLowerCase() !== 'multipart/form-data') {
    const posted = await readPostedForm(request, limit);
    return 'refusal' in posted ? posted : { fields: posted.fields, files: new Map() };
  }
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= limit)) return { refusal: 413 };
  const bytes = await readAtMost(request, limit);
  if (bytes === null) return { refusal: 413 };
  const data = await new Response(bytes, { headers: { 'content-type': contentType } }).formData().catch(() => null);
  if (data === null) return { refusal: 400 };
  const fields = new URLSearchParams();
  const files = new Map<string, File[]>();
  for (const [name, value] of data) {
    if (typeof value === 'string') fields.append(name, value);
    else if (value.size > 0) files.set(name, [...(files.get(name) ?? []), value]);
  }
  return { fields, files };
}

function isUrlEncodedForm(contentType: string | null): boolean {
  if (contentType === null) return false;
  const [type = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/x-www-form-urlencoded') return false;
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    return name !== 'charset' || ['utf-8', 'utf8', '"utf-8"'].includes(value);
  });
}

/** The body's bytes, or null as soon as it passes `limit` (the rest is not read). */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
