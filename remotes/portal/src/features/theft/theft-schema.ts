import { hasLineOrBidiCharacters, MESSAGES } from '@medaille/domain';
import { z } from 'zod/mini';
import { THEFT_COPY as text } from './copy.ts';

/** The database's bounds (supabase/schemas/thefts.sql). */
const PLACE_MAX = 120;
const COMPLAINT_MAX = 60;

const oneLine = (max: number) =>
  z.string().check(
    z.trim(),
    z.maxLength(max, MESSAGES.tooLong(max)),
    z.refine((value) => !hasLineOrBidiCharacters(value), text.oneLine),
  );

/**
 * A theft as its owner declares or words it: when (a `datetime-local` value, the phone's own time, required and
 * not after now), where and the complaint's reference (one line each, empty saved as none).
 */
export const theftSchema = (now: Date) =>
  z.pipe(
    z.object({
      stolen_at: z.string().check(
        z.minLength(1, text.stolenAtRequired),
        z.refine((value) => value === '' || new Date(value) <= now, text.stolenInFuture),
      ),
      place: oneLine(PLACE_MAX),
      complaint_reference: oneLine(COMPLAINT_MAX),
    }),
    z.transform((values) => ({
      stolen_at: new Date(values.stolen_at).toISOString(),
      place: values.place || null,
      complaint_reference: values.complaint_reference || null,
    })),
  );

export type TheftFormInput = z.input<ReturnType<typeof theftSchema>>;
export type TheftFormOutput = z.output<ReturnType<typeof theftSchema>>;
