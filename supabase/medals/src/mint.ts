import { newMedalCode } from '@medaille/domain';
import { type Backend, callRpc, MedalsError } from './backend.ts';

export interface MintRequest {
  count: number;
  prefix: string;
  batch: string;
}

/** At most this many codes a batch: one PDF of 250 pages, one transaction. */
export const MAX_BATCH = 10_000;
/** Collisions at 50 bits are all but impossible; this bounds the retries if something else is wrong. */
const MAX_ATTEMPTS = 5;

/**
 * Creates `count` new codes in one transaction. When the database already holds one of them, it inserts
 * nothing and names it; that code is replaced by a new one (never reused) and the whole batch is tried again.
 */
export async function mintCodes(backend: Backend, request: MintRequest): Promise<{ codes: string[]; createdAt: Date }> {
  const codes = new Set<string>();
  while (codes.size < request.count) codes.add(newMedalCode(undefined, request.prefix));
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const answer = await callRpc<{ inserted: number; taken: string[]; created_at: string | null }>(
      backend,
      'mint_medal_codes',
      { p_codes: [...codes], p_batch: request.batch },
    );
    if (answer.taken.length === 0) return { codes: [...codes], createdAt: new Date(answer.created_at ?? Date.now()) };
    for (const taken of answer.taken) {
      codes.delete(taken);
      let replacement = newMedalCode(undefined, request.prefix);
      while (codes.has(replacement) || answer.taken.includes(replacement)) {
        replacement = newMedalCode(undefined, request.prefix);
      }
      codes.add(replacement);
    }
  }
  throw new MedalsError(`Codes kept colliding after ${MAX_ATTEMPTS} tries; nothing was written.`);
}
