import {
  animalBookletPath,
  animalHistoryPath,
  conversationPath,
  editAnimalPath,
  type FinderLanguage,
  foundPrivatePath,
  invitationPath,
  pathOf,
  searchFollowPath,
  searchPath,
  stopFinderMailPath,
} from './domain/index.ts';
import type { FunctionEnv } from './env.ts';

const site = (env: FunctionEnv) => (env.PUBLIC_SITE_URL ?? '').replace(/\/+$/, '');

// The paths are the site's route table's (shared/routing/src/site.ts, copied into ./domain).
export { animalBookletPath, animalHistoryPath, editAnimalPath, searchPath };

/** That page's address on the public site, for the owner's e-mails. */
export function editAnimalUrl(env: FunctionEnv, animalId: string): string {
  return `${site(env)}${editAnimalPath(animalId)}`;
}

/** Where a change of owner is declared in France: the national register of identified pets. */
export const ICAD_URL = 'https://www.i-cad.fr';

/** The portal's list of the owner's animals ('Mes animaux'). */
export function accountUrl(env: FunctionEnv): string {
  return `${site(env)}${pathOf('account')}`;
}

/** The invitation to a household, its token in the fragment. */
export function invitationUrl(env: FunctionEnv, token: string): string {
  return `${site(env)}${invitationPath(token)}`;
}

/** That page's address on the public site, for the owner's e-mails. */
export function animalHistoryUrl(env: FunctionEnv, animalId: string): string {
  return `${site(env)}${animalHistoryPath(animalId)}`;
}

/** That page's address on the public site, for the booklet's reminders. */
export function animalBookletUrl(env: FunctionEnv, animalId: string): string {
  return `${site(env)}${animalBookletPath(animalId)}`;
}

/** A found animal's page through the link e-mailed to its finder (its key), in their language. */
export function foundPrivateUrl(env: FunctionEnv, id: string, key: string, language: string): string {
  return `${site(env)}${foundPrivatePath(id, key, language)}`;
}

/** A finder's conversation page, their private link. */
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

/** The site's page that stops them, the e-mails' visible link. */
export function stopFinderMailPageUrl(env: FunctionEnv, token: string, language: FinderLanguage): string {
  return `${site(env)}${stopFinderMailPath(token, language)}`;
}

/** A loss's search page, in a follower's language. */
export function searchUrl(env: FunctionEnv, searchId: string, language: FinderLanguage): string {
  return `${site(env)}${searchPath(searchId)}?lang=${language}`;
}

/** The search page with a follow's token: where its e-mails' reader confirms it or stops it. */
export function searchFollowUrl(env: FunctionEnv, searchId: string, token: string, language: FinderLanguage): string {
  return `${site(env)}${searchFollowPath(searchId, token, language)}`;
}

/** RFC 8058's one-click POST that stops one follow (follow-search); opened, it leads to the page above. */
export function stopFollowUrl(env: FunctionEnv, searchId: string, token: string, language: FinderLanguage): string {
  const query = `search=${encodeURIComponent(searchId)}&token=${encodeURIComponent(token)}&lang=${language}`;
  return `${env.SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/follow-search?${query}`;
}
