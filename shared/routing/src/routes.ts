/**
 * The site's routes (site.ts, the one table) and what the front-ends read of them: the shell and the host decide
 * with `routeOf` which part serves a path; the portal renders `PORTAL_ROUTES`; the shell's HTML uses
 * `scanCodeOf`'s rule to start a scan page's work before any script has run.
 */
import { codeInPath } from './code-in-path.ts';
import { type RouteName, SITE } from './site.ts';

export { codeInPath } from './code-in-path.ts';
export * from './site.ts';

const ROUTE_NAMES = Object.keys(SITE) as RouteName[];

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * The first segments that are a route's own words (`activer`, `auth`, `mon-compte`, `conversation`, …): a path
 * that starts with one belongs to those routes or to none, never to a route's parameter (no medal code is
 * `activer`).
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  ...new Set(
    ROUTE_NAMES.map((name) => segmentsOf(SITE[name].path)[0] ?? '').filter(
      (first) => first !== '' && !first.startsWith(':'),
    ),
  ),
];

/**
 * The parameters of `pathname` when it is a path of `route` (`/mon-compte/animal/:id`), as written in the path
 * (not decoded); null otherwise. Segment by segment, as the portal's router matches (a trailing slash is
 * the same path), for a server that must know the page before the router runs.
 */
export function routeParams(route: string, pathname: string): Record<string, string> | null {
  const expected = segmentsOf(route);
  const actual = segmentsOf(pathname);
  if (expected.length !== actual.length) return null;
  if (expected[0]?.startsWith(':') && RESERVED_SEGMENTS.includes(actual[0] ?? '')) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const value = actual[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return params;
}

/** The route a path is, with its parameters as written (not decoded); null for a path of no route. */
export function routeOf(pathname: string): { name: RouteName; params: Record<string, string> } | null {
  let found: { name: RouteName; params: Record<string, string>; words: number } | null = null;
  for (const name of ROUTE_NAMES) {
    const params = routeParams(SITE[name].path, pathname);
    // Where two routes match, the one with more words of its own (`/mon-compte/animal/nouveau` over `…/:id`).
    const words = segmentsOf(SITE[name].path).filter((part) => !part.startsWith(':')).length;
    if (params && (found === null || words > found.words)) found = { name, params, words };
  }
  return found && { name: found.name, params: found.params };
}

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
