import { databaseErrorMessage } from '@medaille/domain';
import { supabase, type Tables } from '@medaille/supabase';
import { LOST_COPY } from './copy.ts';

// The lost flag and the checklist of one loss. The database keeps them together: a trigger dates a new
// loss and empties its checklist, and clears both once the animal is found
// (supabase/schemas/animals.sql).

/** The checklist's steps, as the database stores them (animals_lost_checklist_valeurs). */
export const LOST_STEPS = ['icad', 'fourriere', 'veterinaires', 'affiche'] as const;
export type LostStep = (typeof LOST_STEPS)[number];

/** An animal's loss: whether it is lost, since when, and the steps done. */
export type Loss = Pick<Tables<'animals'>, 'is_lost' | 'lost_since' | 'lost_checklist'>;

/** What went wrong, in French (the database's refusal, or a network that failed). */
type SaveError = { message: string } | null;
const inFrench = (error: { code?: string; message?: string }) => ({ message: databaseErrorMessage(error) });

/**
 * Marks an animal lost or found, by id (docs/product/lost-mode.md; row level security lets every member of its
 * household, keepers included, and no one else), and answers the loss as the database now has it (a new
 * loss's date, its empty checklist).
 */
export async function saveLost(animalId: string, lost: boolean): Promise<{ error: SaveError; loss: Loss | null }> {
  const { data, error } = await (await supabase())
    .from('animals')
    .update({ is_lost: lost })
    .eq('id', animalId)
    .select('is_lost, lost_since, lost_checklist')
    .maybeSingle();
  if (error) return { error: inFrench(error), loss: null };
  // Row level security: an animal the person no longer answers for (or that no longer exists) updates nothing.
  if (!data) return { error: { message: LOST_COPY.lost.animalNotFound }, loss: null };
  return { error: null, loss: data };
}

/** Saves the steps done for the current loss, by id (any member of the household may). */
export async function saveChecklist(animalId: string, steps: readonly LostStep[]): Promise<{ error: SaveError }> {
  const { data, error } = await (await supabase())
    .from('animals')
    .update({ lost_checklist: [...steps] })
    .eq('id', animalId)
    .select('id')
    .maybeSingle();
  if (error) return { error: inFrench(error) };
  return { error: data ? null : { message: LOST_COPY.lost.animalNotFound } };
}

/** The stored steps, in the checklist's order, without any value the portal does not know. */
export function stepsOf(stored: readonly string[]): LostStep[] {
  return LOST_STEPS.filter((step) => stored.includes(step));
}

/** How a finder reached the household, as public.reunions counts it. */
export const REUNION_CHANNELS = ['page', 'conversation', 'phone', 'other'] as const;
export type ReunionChannel = (typeof REUNION_CHANNELS)[number];

/** 'Comment l'avez-vous retrouvé ?': the answer for the animal's latest reunion; whether it was taken. */
export async function saveReunionChannel(animalId: string, channel: ReunionChannel): Promise<boolean> {
  const { data, error } = await (await supabase()).rpc('set_reunion_channel', {
    p_animal_id: animalId,
    p_channel: channel,
  });
  return !error && data === true;
}
