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

/** The portal's page of one animal's inbox and history (`animalHistoryPath` of @medaille/routing; a test compares them). */
export function animalHistoryPath(animalId: string): string {
  return `/mon-compte/animal/${encodeURIComponent(animalId)}/historique`;
}

/** That page's address on the public site, for the owner's e-mails. */
export function animalHistoryUrl(env: FunctionEnv, animalId: string): string {
  return `${site(env)}${animalHistoryPath(animalId)}`;
}
