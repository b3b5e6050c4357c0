/**
 * The site's paths (docs/product/site.md). The shell decides with `scanCodeOf` which front-end a path belongs to
 * (the scan remote, the portal remote or its own pages); the portal renders `PORTAL_ROUTES`; the launcher
 * and the shell's HTML use the same rule to start a scan page's work early.
 */
export const ROUTES = {
  home: '/',
  activate: '/activer',
  login: '/auth/login',
  register: '/auth/register',
  authCallback: '/auth/callback',
  /** Where an auth e-mail's link leads: it says what the link is for, and its button spends the link. */
  authConfirm: '/auth/confirm',
  account: '/mon-compte',
  editAnimal: '/mon-compte/animal/:id',
  /** One animal's inbox and scan history (the finders' messages, shared positions, lost-page openings). */
  animalHistory: '/mon-compte/animal/:id/historique',
  /** One animal's health booklet: vaccinations, treatments, visits, weight, documents, reminders. */
  animalBooklet: '/mon-compte/animal/:id/carnet',
  /** That booklet laid out on A4 sheets, printed from the browser (for a keeper or the vet). */
  animalBookletPrint: '/mon-compte/animal/:id/carnet/imprimer',
  /** One lost animal's poster, printed from the browser (A4). */
  animalPoster: '/mon-compte/animal/:id/affiche',
  /** An invitation to an animal's household; its token follows in the fragment (`invitationPath`). */
  invitation: '/mon-compte/invitation',
} as const;

/** The owner's routes, all rendered by the portal remote. */
export const PORTAL_ROUTES: readonly string[] = [
  ROUTES.activate,
  ROUTES.login,
  ROUTES.register,
  ROUTES.authCallback,
  ROUTES.authConfirm,
  ROUTES.account,
  ROUTES.editAnimal,
  ROUTES.animalHistory,
  ROUTES.animalBooklet,
  ROUTES.animalBookletPrint,
  ROUTES.animalPoster,
  ROUTES.invitation,
];

/** The path of one animal's edit page. */
export function editAnimalPath(animalId: string): string {
  return ROUTES.editAnimal.replace(':id', encodeURIComponent(animalId));
}

/** The path of one animal's inbox and scan history. */
export function animalHistoryPath(animalId: string): string {
  return ROUTES.animalHistory.replace(':id', encodeURIComponent(animalId));
}

/** The path of one animal's health booklet, laid out for printing. */
export function animalBookletPrintPath(animalId: string): string {
  return ROUTES.animalBookletPrint.replace(':id', encodeURIComponent(animalId));
}

/** The path of one animal's health booklet. */
export function animalBookletPath(animalId: string): string {
  return ROUTES.animalBooklet.replace(':id', encodeURIComponent(animalId));
}

/**
 * The link of an invitation to a household: the token in the fragment, which browsers never send to a server
 * (no log, no Referer keeps it).
 */
export function invitationPath(token: string): string {
  return `${ROUTES.invitation}#${encodeURIComponent(token)}`;
}

/** The path of one animal's printable lost poster. */
export function animalPosterPath(animalId: string): string {
  return ROUTES.animalPoster.replace(':id', encodeURIComponent(animalId));
}

/** Segments that are never a medal code: the first segment of every owner route (`activer`, `auth`, ...). */
export const OWNER_SEGMENTS: readonly string[] = [...new Set(PORTAL_ROUTES.map((route) => route.split('/')[1] ?? ''))];

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
  return codeInPath(pathname, OWNER_SEGMENTS);
}

/**
 * `scanCodeOf`'s rule. Self-contained (it names nothing outside itself) because the shell's HTML carries its
 * source, made at build time by `early-profile.ts` and the shell's `build/early-files.ts`: the HTML runs it
 * before any script has downloaded.
 */
export function codeInPath(pathname: string, ownerSegments: readonly string[]): string | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const segment = segments[0];
  if (segments.length !== 1 || segment === undefined || ownerSegments.indexOf(segment) !== -1) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The parameters of `pathname` when it is a path of `route` (`/mon-compte/animal/:id`), as written in the path
 * (not decoded); null otherwise. Segment by segment, as the portal's router matches (a trailing slash is
 * the same path), for a server that must know the page before the router runs.
 */
export function routeParams(route: string, pathname: string): Record<string, string> | null {
  const segments = (path: string) => path.split('/').filter((segment) => segment !== '');
  const expected = segments(route);
  const actual = segments(pathname);
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const value = actual[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return params;
}
