import type { FunctionEnv } from './env.ts';

/** The portal's page of one animal's inbox and history (`animalHistoryPath` of @medaille/routing; a test compares them). */
export function animalHistoryPath(animalId: string): string {
  return `/mon-compte/animal/${encodeURIComponent(animalId)}/historique`;
}

/** That page's address on the public site, for the owner's e-mails. */
export function animalHistoryUrl(env: FunctionEnv, animalId: string): string {
  return `${(env.PUBLIC_SITE_URL ?? '').replace(/\/+$/, '')}${animalHistoryPath(animalId)}`;
}
