import { hasBidiOrControlBesidesLines, hasLineOrBidiCharacters, MESSAGES } from '@medaille/domain';
import { z } from 'zod/mini';
import { LOST_COPY } from './copy.ts';

const text = LOST_COPY.search;
/** The database's bounds (supabase/schemas/searches.sql). */
const PLACE_MAX = 120;
const WORDS_MAX = 500;
const THANKS_MAX = 300;

/**
 * The household's words on a loss's search page: the last-seen place (one line), when (a `datetime-local` value,
 * the phone's own time, not after now), its words to the people searching (lines allowed), whether the animal's
 * name is hidden, and its thanks for once it is found (lines allowed). Empty texts are saved as none.
 */
export const searchSchema = (now: Date) =>
  z.pipe(
    z.object({
      last_seen_place: z.string().check(
        z.trim(),
        z.maxLength(PLACE_MAX, MESSAGES.tooLong(PLACE_MAX)),
        z.refine((value) => !hasLineOrBidiCharacters(value), text.placeCharacters),
      ),
      last_seen_at: z
        .string()
        .check(z.refine((value) => value === '' || new Date(value) <= now, text.lastSeenInFuture)),
      description: z.string().check(
        z.trim(),
        z.maxLength(WORDS_MAX, MESSAGES.tooLong(WORDS_MAX)),
        z.refine((value) => !hasBidiOrControlBesidesLines(value.replace(/\r\n/g, '\n')), text.wordsCharacters),
      ),
      hide_name: z.boolean(),
      thanks: z.string().check(
        z.trim(),
        z.maxLength(THANKS_MAX, MESSAGES.tooLong(THANKS_MAX)),
        z.refine((value) => !hasBidiOrControlBesidesLines(value.replace(/\r\n/g, '\n')), text.wordsCharacters),
      ),
    }),
    z.transform((values) => ({
      last_seen_place: values.last_seen_place || null,
      last_seen_at: values.last_seen_at ? new Date(values.last_seen_at).toISOString() : null,
      description: values.description.replace(/\r\n/g, '\n') || null,
      hide_name: values.hide_name,
      thanks: values.thanks.replace(/\r\n/g, '\n') || null,
    })),
  );

export type SearchFormInput = z.input<ReturnType<typeof searchSchema>>;
export type SearchFormOutput = z.output<ReturnType<typeof searchSchema>>;
