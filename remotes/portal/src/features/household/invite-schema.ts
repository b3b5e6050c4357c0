import { EMAIL_PATTERN, MESSAGES } from '@medaille/domain';
import { z } from 'zod/mini';
import { HOUSEHOLD_COPY } from './copy.ts';

const text = HOUSEHOLD_COPY.household;

/**
 * The owner's invitation form: an address, a role, and for a keeper a last day from `today` on ('YYYY-MM-DD',
 * Paris's calendar, as the database counts it). A co-owner's day is left out.
 */
export const inviteSchema = (today: string) =>
  z.pipe(
    z
      .object({
        email: z
          .string()
          .check(
            z.trim(),
            z.minLength(1, text.emailRequired),
            z.maxLength(254, MESSAGES.invalidEmail),
            z.regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
          ),
        role: z.enum(['co_owner', 'keeper'], text.roleRequired),
        access_until: z.string(),
      })
      .check(
        z.refine((values) => values.role !== 'keeper' || values.access_until !== '', {
          message: text.lastDayRequired,
          path: ['access_until'],
        }),
        z.refine((values) => values.role !== 'keeper' || values.access_until === '' || values.access_until >= today, {
          message: text.lastDayPast,
          path: ['access_until'],
        }),
      ),
    z.transform((values) => ({
      email: values.email.toLowerCase(),
      role: values.role,
      access_until: values.role === 'keeper' ? values.access_until : null,
    })),
  );

export type InviteFormInput = z.input<ReturnType<typeof inviteSchema>>;
export type InviteFormOutput = z.output<ReturnType<typeof inviteSchema>>;
