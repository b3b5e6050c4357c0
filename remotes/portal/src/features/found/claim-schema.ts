import { z } from 'zod/mini';
import { FOUND_COPY as text } from './copy.ts';

/** The database's bound for a household's words (claim_found_report, as answer_conversation). */
const WORDS_MAX = 1000;

/** 'C'est le mien': which of the person's animals, and their words for the finder (trimmed, 1 to 1000). */
export const claimSchema = z.object({
  animal_id: z.string().check(z.minLength(1, text.animalRequired)),
  words: z.string().check(z.trim(), z.minLength(1, text.wordsRequired), z.maxLength(WORDS_MAX, text.wordsTooLong)),
});

export type ClaimForm = z.infer<typeof claimSchema>;
