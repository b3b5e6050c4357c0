/** The owner's routes (SPEC section 2), all rendered by the portal remote. */
export const PORTAL_ROUTES = [
  '/activer',
  '/auth/login',
  '/auth/register',
  '/auth/callback',
  '/mon-compte',
  '/mon-compte/animal/:id',
];

const SINGLE_SEGMENT_ROUTES = new Set(
  PORTAL_ROUTES.filter((route) => route.split('/').length === 2).map((route) => route.slice(1)),
);

/**
 * The medal code of a scan page path (`/{code}`), or null for any other path. Decided without the router,
 * so that the scan page can start without loading it.
 */
export function scanCodeOf(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length !== 1) return null;
  const [segment = ''] = segments;
  if (SINGLE_SEGMENT_ROUTES.has(segment)) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
