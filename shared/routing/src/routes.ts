/**
 * The site's routes (site.ts, the one table) and what the front-ends read of them: the shell and the host decide
 * with `routeOf` which part serves a path; the portal renders `PORTAL_ROUTES`; the shell's HTML uses
 * `scanCodeOf`'s rule to start a scan page's work before any script has run.
 */
import { RESERVED_SEGMENTS, type RouteName, SITE } from './site.ts';

export * from './site.ts';

/** Each route's path, by its name. */
export const ROUTES = Object.fromEntries(Object.entries(SITE).map(([name, route]) => [name, route.path])) as {
  readonly [N in RouteName]: (typeof SITE)[N]['path'];
};

/** The owner's routes, all rendered by the portal remote. */
export const PORTAL_ROUTES: readonly string[] = Object.values(SITE).flatMap((route) =>
  route.servedBy === 'portal' ? [route.path] : [],
);

/** The first segment of every owner route (`activer`, `auth`, `mon-compte`). */
const OWNER_SEGMENTS: readonly string[] = [...new Set(PORTAL_ROUTES.map((route) => route.split('/')[1] ?? ''))];

/**
 * Whether a path is under an owner route's first segment: the portal's page, whose files a page can ask for
 * before the router has matched it (an unknown path there is the shell's 404, which then asked for nothing
 * it shows).
 */
export function isOwnerPath(pathname: string): boolean {
  const segment = pathname.split('/').filter((part) => part !== '')[0];
  return segment !== undefined && OWNER_SEGMENTS.includes(segment);
}

/**
 * The medal code of a scan page's path (`/{code}`), or null for any other path. Decided without the router,
 * so that a scan page can start before the router loads.
 */
export function scanCodeOf(pathname: string): string | null {
  return codeInPath(pathname, RESERVED_SEGMENTS);
}

/**
 * `scanCodeOf`'s rule. Self-contained (it names nothing outside itself) because the shell's HTML carries its
 * source, made at build time by `early-profile.ts` and the shell's `build/early-files.ts`: the HTML runs it
 * before any script has downloaded.
 */
export function codeInPath(pathname: string, reservedSegments: readonly string[]): string | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const segment = segments[0];
  if (segments.length !== 1 || segment === undefined || reservedSegments.indexOf(segment) !== -1) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
