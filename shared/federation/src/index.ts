import type { ComponentType } from 'react';

/**
 * What must exist once on a page, whoever loads it first (DESIGN D6). react and react-dom with their
 * subpaths (react/jsx-runtime, react-dom/client), the router (one history for shell and remotes), jotai
 * (one store: one auth state), and the two shared workspace packages. Nothing else: a library only one
 * remote uses stays in that remote.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react/': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom/': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.0.0' },
  jotai: { singleton: true, requiredVersion: '^2.0.0' },
  // Workspace packages have no semver range to check ("workspace:*").
  '@medaille/design-system': { singleton: true, requiredVersion: false },
  '@medaille/design-system/': { singleton: true, requiredVersion: false },
  '@medaille/supabase': { singleton: true, requiredVersion: false },
  '@medaille/supabase/': { singleton: true, requiredVersion: false },
} as const;

export type SharedName = keyof typeof SHARED_SINGLETONS;

/**
 * The singletons an app actually uses: a remote declares only those, since each declared one costs bytes
 * in its entry file (the scan page counts every kilobyte).
 */
export function sharedSingletons(names: readonly SharedName[]) {
  return Object.fromEntries(names.map((name) => [name, SHARED_SINGLETONS[name]]));
}

/** The remotes and the module each exposes, as the shell loads them: `${remote}/${expose}`. */
export const REMOTES = {
  scan: { expose: 'ScanPage' },
  portal: { expose: 'PortalApp' },
} as const;

export type RemoteName = keyof typeof REMOTES;

/** remotes/scan exposes ./ScanPage: the public page of one medal code. */
export interface ScanPageProps {
  code: string;
  /**
   * What the server rendered the page from (issue 18): given, the page renders exactly that on its first
   * render (to hydrate the server's HTML) and asks for no profile.
   */
  initial?: ScanHydration;
}

/** The no-JavaScript message form's outcome, after the host forwarded it to post_finder_message. */
export type ScanMessageForm =
  | { state: 'sent' }
  | { state: 'refused'; error: string; values: { message: string; contact: string } };

/**
 * What the scan page was rendered from on the server, inlined by the host as JSON in
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
  messageForm?: ScanMessageForm;
}

/** What the host gives the scan remote's server entry (scan-server.<hash>.mjs) to render GET or POST /{code}. */
export interface ScanServerInput {
  /** The code from the URL path (scanCodeOf). */
  code: string;
  /** get_public_profile's 200 JSON body. */
  answer: unknown;
  /** The request's Accept-Language header. */
  acceptLanguage: string | null;
  /** The cookie `medaille_lang`, which the page's language switch sets. */
  languageCookie: string | null;
  /** ISO time of the render. */
  renderedAt: string;
  /**
   * The page's public address (origin and path, no query), for the SMS and WhatsApp texts that name it;
   * `/{code}` when not given (the browser writes its own once hydrated).
   */
  pageUrl?: string;
  config: { supabaseUrl: string; supabaseAnonKey: string; imageTransformations: boolean };
  /**
   * The absolute URLs of the scan build's on-demand scripts, as its mf-manifest.json lists them (the exposed
   * page's async JavaScript): the page may fetch some ahead of a finder's tap (the message dialog's).
   */
  scripts?: string[];
  messageForm?: ScanMessageForm;
  /** The host aborts the render when over its time budget. */
  signal?: AbortSignal;
}

export interface ScanServerPage {
  /** For <html lang>. */
  lang: string;
  /** For <title>. */
  title: string;
  /** The markup that goes inside <div id="scan-page">. */
  html: string;
  /** JSON-able; the host escapes it into <script type="application/json" id="medaille-scan-data">. */
  hydration: ScanHydration;
}

/** The scan remote's server entry (DESIGN D12): one self-contained ES module. */
export interface ScanServerModule {
  BUILD_ID: string;
  renderScanPage(input: ScanServerInput): Promise<ScanServerPage>;
}

/** dist/server/server-manifest.json: where the server entry is, relative to the manifest's URL. */
export interface ScanServerManifest {
  file: string;
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
  build: string;
}

/** The id of the element holding the ScanHydration JSON, and of the one holding the server's markup. */
export const SCAN_DATA_ELEMENT_ID = 'medaille-scan-data';
export const SCAN_PAGE_ELEMENT_ID = 'scan-page';

/**
 * JSON that can sit inside a <script> element, as the host and the scan remote's server entry write it
 * into a page: `<` written \u003c (no `</script>`, no `<!--`), and the line separators U+2028/U+2029
 * escaped (old JavaScript parsers end a string there). JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** remotes/portal exposes ./PortalApp: every owner route, rendered inside the shell's router. */
export type PortalAppProps = Record<string, never>;

export interface RemoteModules {
  scan: {
    default: ComponentType<ScanPageProps>;
    /** The scan build's id, the same as its server entry's: the server's HTML is hydrated only by its own build. */
    BUILD_ID: string;
    /** Resolves once the page can render `initial` at once (its language's words are here). */
    prepareHydration(initial: ScanHydration): Promise<void>;
  };
  portal: { default: ComponentType<PortalAppProps> };
}
