import { supabase, type Tables, type TablesUpdate, useAuth } from '@medaille/supabase';
import { useEffect, useState } from 'react';
import { type Loss, saveLost } from '../lost/index.ts';

// Every read and write of the owner's animals: the list of 'Mes animaux', one animal for its edit page,
// its lost flag, its changes, and its deletion. Row level security shows an owner only their animals;
// writes also name the owner (SPEC section 6).

type PhotoRef = Pick<Tables<'animal_photos'>, 'id' | 'path'>;
/** An animal's medal on its card and its edit page: its code, and whether (and by whom) it is suspended. */
export type Medal = Pick<Tables<'codes'>, 'id' | 'suspended_at' | 'suspended_by'>;
type WithMedal = { codes: Medal | null };

/** One animal on its edit page with its medal (its photos come from the gallery's own reading). */
export type OwnedAnimal = Tables<'animals'> & { codes: Medal | null };
export type AnimalCard = Pick<
  Tables<'animals'>,
  'id' | 'nom' | 'espece' | 'race' | 'sexe' | 'is_lost' | 'lost_since' | 'lost_checklist' | 'cover_photo_id'
> &
  WithMedal & { animal_photos: PhotoRef[] };

const PHOTOS = 'animal_photos!animal_photos_animal_id_fkey(id, path)';

/** The animal's cover, else its first photo. */
export function coverPhoto<P extends PhotoRef>(photos: readonly P[], coverId: string | null): P | null {
  return photos.find((photo) => photo.id === coverId) ?? photos[0] ?? null;
}

type ListLoad = { state: 'loading' } | { state: 'ready'; animals: AnimalCard[] } | { state: 'failed'; message: string };

/**
 * 'Mes animaux': the signed-in owner's animals, newest first, and their lost flag, which shows at once and
 * is saved; a failed save puts it back (SPEC section 4).
 */
export function useOwnerAnimals() {
  const userId = useAuth().user?.id;
  const [load, setLoad] = useState<ListLoad>({ state: 'loading' });

  useEffect(() => {
    if (!userId) return;
    let current = true;
    supabase()
      .then((client) =>
        client
          .from('animals')
          .select(
            `id, nom, espece, race, sexe, is_lost, lost_since, lost_checklist, cover_photo_id, codes(id, suspended_at, suspended_by), ${PHOTOS}`,
          )
          .eq('proprietaire_id', userId)
          .order('date_creation', { ascending: false }),
      )
      .then(({ data, error }) => {
        if (!current) return;
        setLoad(error ? { state: 'failed', message: error.message } : { state: 'ready', animals: data ?? [] });
      });
    return () => {
      current = false;
    };
  }, [userId]);

  const showLoss = (animalId: string, loss: Partial<Loss>) =>
    setLoad((current) =>
      current.state === 'ready'
        ? { ...current, animals: current.animals.map((a) => (a.id === animalId ? { ...a, ...loss } : a)) }
        : current,
    );

  const setLost = async (animalId: string, lost: boolean): Promise<{ error: { message: string } | null }> => {
    showLoss(animalId, { is_lost: lost });
    const { error, loss } = await saveLost(animalId, userId ?? '', lost);
    // Saved, the loss as the database dated it (and its checklist emptied); else put back.
    showLoss(animalId, loss ?? { is_lost: !lost });
    return { error };
  };

  return { load, setLost };
}

type AnimalLoad =
  | { state: 'loading' }
  | { state: 'ready'; animal: OwnedAnimal }
  | { state: 'denied' }
  | { state: 'failed' };

// Row level security hides another owner's animal and a deleted one alike. The animals deleted from this
// browser are remembered, so that going back to one's edit page says it cannot be loaded rather than
// 'Accès refusé'. (Telling them apart everywhere would need the database to say an animal exists.)
const DELETED_ANIMALS = 'deleted_animals';
const REMEMBERED = 20;

function deletedHere(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DELETED_ANIMALS) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function rememberDeleted(animalId: string): void {
  localStorage.setItem(DELETED_ANIMALS, JSON.stringify([animalId, ...deletedHere()].slice(0, REMEMBERED)));
}

/**
 * One of the signed-in owner's animals with its medal; 'denied' when it is not theirs, 'failed' when it
 * cannot be read or was deleted from this browser.
 */
export function useOwnedAnimal(id: string): AnimalLoad {
  const userId = useAuth().user?.id;
  const [load, setLoad] = useState<AnimalLoad>({ state: 'loading' });

  useEffect(() => {
    if (!userId) return;
    let current = true;
    supabase()
      .then((client) =>
        client.from('animals').select('*, codes(id, suspended_at, suspended_by)').eq('id', id).maybeSingle(),
      )
      .then(({ data, error }) => {
        if (!current) return;
        if (error || (!data && deletedHere().includes(id))) setLoad({ state: 'failed' });
        // Row level security shows an owner only their animals: another's is simply not there.
        else if (!data || data.proprietaire_id !== userId) setLoad({ state: 'denied' });
        else setLoad({ state: 'ready', animal: data });
      });
    return () => {
      current = false;
    };
  }, [id, userId]);

  return load;
}

/** Saves the edit page: the animal's fields, its public contacts and its cover, by id and owner. */
export async function saveAnimal(
  animal: Pick<OwnedAnimal, 'id' | 'proprietaire_id'>,
  changes: TablesUpdate<'animals'>,
): Promise<{ error: { code: string; message: string } | null }> {
  const { error } = await (await supabase())
    .from('animals')
    .update(changes)
    .eq('id', animal.id)
    .eq('proprietaire_id', animal.proprietaire_id);
  return { error };
}

/** Why the database refused to suspend or resume a medal, as set_my_medal_suspended names it in `reason`. */
const MEDAL_REFUSALS = ['no_medal', 'suspended_by_operator'] as const;
export type MedalRefusal = (typeof MEDAL_REFUSALS)[number];

/**
 * Suspends or resumes the medal of one of the owner's animals (set_my_medal_suspended). The database
 * refuses to lift the operator's suspension; `refusal` is null when it gave no reason (no network, say).
 */
export async function setMedalSuspended(
  animalId: string,
  suspended: boolean,
): Promise<{ done: true } | { done: false; refusal: MedalRefusal | null }> {
  const { data, error } = await (await supabase()).rpc('set_my_medal_suspended', {
    p_animal_id: animalId,
    p_suspended: suspended,
  });
  const answer = !error && data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {};
  if (answer.success === true) return { done: true };
  return { done: false, refusal: MEDAL_REFUSALS.find((refusal) => refusal === answer.reason) ?? null };
}

/**
 * Deletes the animal with its photos' rows and files in one server call (DESIGN D10): a page closed midway
 * leaves the animal whole or gone. When the server refuses, its French message ('Animal introuvable.', ...),
 * or null when none came back (no network, say).
 */
export async function deleteAnimal(
  animalId: string,
): Promise<{ deleted: true } | { deleted: false; message: string | null }> {
  const { error } = await (await supabase()).functions.invoke('delete-animal', { body: { animal_id: animalId } });
  if (error) return { deleted: false, message: await serverMessage(error) };
  rememberDeleted(animalId);
  return { deleted: true };
}

/** The `error` a function answered with, when it answered. */
export async function serverMessage(error: { context?: unknown }): Promise<string | null> {
  if (!(error.context instanceof Response)) return null;
  const body: unknown = await error.context.json().catch(() => null);
  return body !== null && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
    ? body.error
    : null;
}
