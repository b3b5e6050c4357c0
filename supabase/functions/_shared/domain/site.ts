// Generated from shared/routing/src/site.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
/**
 * Every path the site serves, and what serves it (docs/product/site.md): the one route table, and the paths it
 * writes. The shell's host dispatches a request by it and the shell's router picks the front-end by it
 * (`routeOf`, routes.ts), the portal renders its own routes from it, and the e-mails' links are made from it (the
 * finders' functions carry a generated copy of this file, supabase/scripts/functions-domain.ts). It imports
 * nothing, for that copy; matching a path is routes.ts's, so that a page that only writes paths (the shell's
 * header on a finder's scan page) does not carry it.
 *
 * - `shell`: the shell's own page, or a file of its build.
 * - `scan`: the scan remote's route module: a medal's page (its loader, its action for the message form without
 *   JavaScript, its render), a finder's conversation, the page that stops the e-mails to a finder, and a loss's
 *   search page.
 * - `portal`: the portal remote, which renders every owner route itself.
 * - `host`: the shell's host itself.
 */
export const SITE = {
  home: { path: '/', servedBy: 'shell' },
  /** A medal's public page: its code is the path's one segment. */
  scan: { path: '/:code', servedBy: 'scan' },
  /** A finder's conversation, their private link (docs/decisions/0017-finder-owner-conversation.md). */
  conversation: { path: '/conversation/:token', servedBy: 'scan' },
  /** The page that stops every e-mail to a finder's address, each such e-mail's visible link. */
  stopFinderMail: { path: '/e-mails/:token', servedBy: 'scan' },
  /** A loss's public search page: anyone reads it (docs/product/search.md). */
  search: { path: '/recherche/:id', servedBy: 'scan' },
  /** 'J'ai trouvé un animal': anyone reports an animal found without a medal (docs/product/found.md). */
  reportFound: { path: '/trouve', servedBy: 'scan' },
  /** A found animal's public page; its finder's private link adds their key (`foundPrivatePath`). */
  found: { path: '/trouve/:id', servedBy: 'scan' },
  /** The search pages' service worker, for their followers by push: a file of the shell's build. */
  searchWorker: { path: '/recherche/sw.js', servedBy: 'shell' },
  health: { path: '/healthz', servedBy: 'host' },
  /** The deployment's configuration, as a script (window.__MEDAILLE_CONFIG__). */
  config: { path: '/config.js', servedBy: 'host' },
  activate: { path: '/activer', servedBy: 'portal' },
  login: { path: '/auth/login', servedBy: 'portal' },
  register: { path: '/auth/register', servedBy: 'portal' },
  authCallback: { path: '/auth/callback', servedBy: 'portal' },
  /** Where an auth e-mail's link leads: it says what the link is for, and its button spends the link. */
  authConfirm: { path: '/auth/confirm', servedBy: 'portal' },
  /** 'Mes animaux'. */
  account: { path: '/mon-compte', servedBy: 'portal' },
  editAnimal: { path: '/mon-compte/animal/:id', servedBy: 'portal' },
  /** One animal's inbox and scan history (the finders' messages, shared positions, lost-page openings). */
  animalHistory: { path: '/mon-compte/animal/:id/historique', servedBy: 'portal' },
  /** One animal's health booklet: vaccinations, treatments, visits, weight, documents, reminders. */
  animalBooklet: { path: '/mon-compte/animal/:id/carnet', servedBy: 'portal' },
  /** That booklet laid out on A4 sheets, printed from the browser (for a keeper or the vet). */
  animalBookletPrint: { path: '/mon-compte/animal/:id/carnet/imprimer', servedBy: 'portal' },
  /** One lost animal's poster, printed from the browser (A4). */
  animalPoster: { path: '/mon-compte/animal/:id/affiche', servedBy: 'portal' },
  /** 'C'est le mien': an owner says a found animal is theirs, which opens a conversation with its finder. */
  claimFound: { path: '/mon-compte/trouve/:id', servedBy: 'portal' },
  /** An invitation to an animal's household; its token follows in the fragment (`invitationPath`). */
  invitation: { path: '/mon-compte/invitation', servedBy: 'portal' },
} as const satisfies Record<string, { path: string; servedBy: 'shell' | 'scan' | 'portal' | 'host' }>;

export type RouteName = keyof typeof SITE;
export type ServedBy = (typeof SITE)[RouteName]['servedBy'];
/** The routes one part serves. */
export type RouteOf<S extends ServedBy> = {
  [N in RouteName]: (typeof SITE)[N]['servedBy'] extends S ? N : never;
}[RouteName];

/** The names of a path's parameters (`/mon-compte/animal/:id` → `id`). */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type RouteParams<N extends RouteName> = Record<ParamsOf<(typeof SITE)[N]['path']>, string>;

/** The path of route `name` with `params` written in (each encoded as one segment). */
export function pathOf<N extends RouteName>(
  name: N,
  ...[params]: keyof RouteParams<N> extends never ? [] : [RouteParams<N>]
): string {
  const values = (params ?? {}) as Record<string, string>;
  return SITE[name].path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(values[param] ?? ''));
}

/** The path of one animal's edit page. */
export const editAnimalPath = (id: string) => pathOf('editAnimal', { id });
/** The path of one animal's inbox and scan history. */
export const animalHistoryPath = (id: string) => pathOf('animalHistory', { id });
/** The path of one animal's health booklet. */
export const animalBookletPath = (id: string) => pathOf('animalBooklet', { id });
/** The path of one animal's health booklet, laid out for printing. */
export const animalBookletPrintPath = (id: string) => pathOf('animalBookletPrint', { id });
/** The path of one animal's printable lost poster. */
export const animalPosterPath = (id: string) => pathOf('animalPoster', { id });
/** A loss's search page. */
export const searchPath = (id: string) => pathOf('search', { id });

/**
 * A follow of a search, the link of its e-mails: the search page with the follow's token, which the page reads
 * and offers to confirm or stop (opening it changes nothing), in the e-mail's language.
 */
export function searchFollowPath(id: string, token: string, language: string): string {
  return `${searchPath(id)}?lang=${encodeURIComponent(language)}&suivi=${encodeURIComponent(token)}#suivre`;
}
/** A found animal's public page. */
export const foundPath = (id: string) => pathOf('found', { id });
/**
 * The finder's private link to their report's page, with which they read the owners' conversations and close it:
 * the key in the query, which the page's server reads (no Referer leaves the page, no cache keeps it).
 */
export function foundPrivatePath(id: string, key: string, language: string): string {
  return `${foundPath(id)}?lang=${encodeURIComponent(language)}&cle=${encodeURIComponent(key)}`;
}
/** The portal's page where an owner says a found animal is theirs. */
export const claimFoundPath = (id: string) => pathOf('claimFound', { id });
/** A finder's conversation page. The token is in the path: the page is rendered by the server, with no Referer. */
export const conversationPath = (token: string) => pathOf('conversation', { token });

/**
 * The link of an invitation to a household: the token in the fragment, which browsers never send to a server
 * (no log, no Referer keeps it).
 */
export function invitationPath(token: string): string {
  return `${pathOf('invitation')}#${encodeURIComponent(token)}`;
}

/** The page that stops every e-mail to a finder's address, in the e-mail's language (a finder language's code). */
export function stopFinderMailPath(token: string, language: string): string {
  return `${pathOf('stopFinderMail', { token })}?lang=${encodeURIComponent(language)}`;
}
