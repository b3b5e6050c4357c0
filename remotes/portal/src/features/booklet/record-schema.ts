import { HEALTH_LIMITS, HEALTH_RECORD_KINDS, type HealthRecordKind, showableToFinder } from '@medaille/domain';
import { z } from 'zod/mini';
import { BOOKLET_COPY } from './copy.ts';

const text = BOOKLET_COPY.booklet;
const KINDS = HEALTH_RECORD_KINDS.map((kind) => kind.value) as [HealthRecordKind, ...HealthRecordKind[]];

/**
 * A record of the booklet as the form takes it: what was done and when ('YYYY-MM-DD'), the next due date
 * (after it, or none), a weight for a weighing (in kg, a comma read as a point), notes, and whether a finder sees
 * it. What the table stores.
 */
export const recordSchema = z.pipe(
  z
    .object({
      kind: z.enum(KINDS),
      label: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, text.labelRequired),
          z.maxLength(HEALTH_LIMITS.labelMaxLength, text.labelTooLong),
        ),
      given_on: z.string().check(z.minLength(1, text.dateRequired)),
      next_due_on: z.string(),
      weight_kg: z.string(),
      notes: z.string().check(z.trim(), z.maxLength(HEALTH_LIMITS.notesMaxLength, text.notesTooLong)),
      shown_to_finder: z.boolean(),
    })
    .check(
      z.refine(
        (values) => values.next_due_on === '' || values.kind === 'weight' || values.next_due_on >= values.given_on,
        {
          message: text.dueBeforeDate,
          path: ['next_due_on'],
        },
      ),
      z.refine(
        (values) => {
          if (values.kind !== 'weight') return true;
          const kg = Number(values.weight_kg.replace(',', '.'));
          return values.weight_kg.trim() !== '' && kg > HEALTH_LIMITS.weightMinKg && kg < HEALTH_LIMITS.weightMaxKg;
        },
        { message: text.weightRequired, path: ['weight_kg'] },
      ),
    ),
  z.transform((values) => ({
    kind: values.kind,
    label: values.label,
    given_on: values.given_on,
    next_due_on: values.kind === 'weight' || values.next_due_on === '' ? null : values.next_due_on,
    weight_kg: values.kind === 'weight' ? Number(values.weight_kg.replace(',', '.')) : null,
    notes: values.notes === '' ? null : values.notes,
    shown_to_finder: values.shown_to_finder && showableToFinder(values.kind),
  })),
);

export type RecordFormInput = z.input<typeof recordSchema>;
export type RecordFormOutput = z.output<typeof recordSchema>;
