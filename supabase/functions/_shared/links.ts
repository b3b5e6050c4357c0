import { conversationPath, type FinderLanguage, stopFinderMailPath } from './domain/index.ts';
import type { FunctionEnv } from './env.ts';

const site = (env: FunctionEnv) => (env.PUBLIC_SITE_URL ?? '').replace(/\/+$/, '');

/** The portal's edit page of one animal (`editAnimalPath` of @medaille/routing; a test compares them). */
export function editAnimalPath(animalId: string): string {
  return `/mon-compte/animal/${encodeURIComponent(animalId)}`;
}

/** That page's address on the public site, for the owner's e-mails. */
export function editAnimalUrl(env: FunctionEnv, animalId: string): string {
  return `${site(env)}${editAnimalPath(animalId)}`;
}

/** Where a change of owner is declared in France: the national register of identified pets. */
export const ICAD_URL = 'https://www.i-cad.fr';

/** The portal's list of the owner's animals ('Mes animaux', `ROUTES.account` of @medaille/routing). */
export function accountUrl(env: FunctionEnv): string {
  return `${site(env)}/mon-compte`;
}

/** The invitation to a household, its token in the fragment (`invitationPath` of @medaille/routing). */
export function invitationUrl(env: FunctionEnv, token: string): string {
  return `${site(env)}/mon-compte/invitation#${encodeURIComponent(token)}`;
}

/** The portal's page of one animal's inbox and history (`animalHistoryPath` of @medaille/routing; a test compares them). */
export function animalHistoryPath(animalId: string): string {
  return `/mon-compte/animal/${encodeURIComponent(animalId)}/historique`;
}

/** That page's address on the public site, for the owner's e-mails. */
export function animalHistoryUrl(env: FunctionEnv, animalId: string): string {
  return `${site(env)}${animalHistoryPath(animalId)}`;
}

/** The portal's page of one animal's health booklet (`animalBookletPath` of @medaille/routing; a test compares them). */
export function animalBookletPath(animalId: string): string {
  return `/mon-compte/animal/${encodeURIComponent(animalId)}/carnet`;
}

/** That page's address on the public site, for the booklet's reminders. */
export function animalBookletUrl(env: FunctionEnv, animalId: string): string {
  return `${site(env)}${animalBookletPath(animalId)}`;
}

/** A finder's conversation page, their private link (`conversationPath` of @medaille/domain). */
export function conversationUrl(env: FunctionEnv, token: string): string {
  return `${site(env)}${conversationPath(token)}`;
}

/**
 * The URL of RFC 8058's one-click POST that stops every e-mail to a finder's address (List-Unsubscribe): a
 * function of the project (stop-finder-mail), its token naming the address without showing it; opened rather
 * than posted, it leads to the site's page in the e-mail's language.
 */
export function stopFinderMailUrl(env: FunctionEnv, token: string, language: FinderLanguage): string {
  const query = `token=${encodeURIComponent(token)}&lang=${language}`;
  return `${env.SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/stop-finder-mail?${query}`;
}

/** The site's page that stops them, the e-mails' visible link (`stopFinderMailPath` of @medaille/domain). */
export function stopFinderMailPageUrl(env: FunctionEnv, token: string, language: FinderLanguage): string {
  return `${site(env)}${stopFinderMailPath(token, language)}`;
}
