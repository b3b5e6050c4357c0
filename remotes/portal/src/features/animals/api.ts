import { supabase, type Tables, type TablesUpdate, useAuth } from '@medaille/supabase';
import { useEffect, useState } from 'react';
import { takeEarly } from '../../ui/early-data.ts';
import { failureText, serverMessage } from '../../ui/server-message.ts';
import { type HouseholdRole, householdRole } from '../household/index.ts';
import { type Loss, saveLost } from '../lost/index.ts';
import { OPENING_READS, readMemberAnimal, readMyAnimals } from './queries.ts';

// Every read and write of the animals a person answers for: the list of 'Mes animaux', one animal for its
// pages with the person's role in its household, its lost flag, its changes, and its deletion. Row level
// security shows a person only the animals whose household they are in, and lets each role do its part
// (supabase/schemas/animals.sql).

type PhotoRef = Pick<Tables<'animal_photos'>, 'id' | 'path'>;
/** An animal's medal on its card and its edit page: its code, and whether (and by whom) it is suspended. */
export type Medal = Pick<Tables<'codes'>, 'id' | 'suspended_at' | 'suspended_by'>;
type WithMedal = { codes: Medal | null };

/** The signed-in person's place in an animal's household: a keeper's last day too. */
export type Membership = { role: HouseholdRole; access_until: string | null };

/** One animal on its pages with its medal (its photos come from the gallery's own reading). */
export type MemberAnimal = Tables<'animals'> & { codes: Medal | null };
export type AnimalCard = Pick<
  Tables<'animals'>,
  'id' | 'nom' | 'espece' | 'race' | 'sexe' | 'is_lost' | 'lost_since' | 'lost_checklist' | 'cover_photo_id'
> &
  WithMedal & { animal_photos: PhotoRef[]; membership: Membership };

/** The animal's cover, else its first photo. */
export function coverPhoto<P extends PhotoRef>(photos: readonly P[], coverId: string | null): P | null {
  return photos.find((photo) => photo.id === coverId) ?? photos[0] ?? null;
}

const membershipOf = (row: { role: string; access_until: string | null }): Membership => ({
  role: householdRole(row.role),
  access_until: row.access_until,
});

type ListLoad = { state: 'loading' } | { state: 'ready'; animals: AnimalCard[] } | { state: 'failed'; message: string };

/**
 * 'Mes animaux': the animals whose household the signed-in person is in (their own and others'), newest
 * first, each with the person's role, and their lost flag, which shows at once and is saved; a failed save
 * puts it back (docs/product/animals.md).
 */
export function useMyAnimals() {
  const userId = useAuth().user?.id;
  const [load, setLoad] = useState<ListLoad>({ state: 'loading' });

  useEffect(() => {
    if (!userId) return;
    let current = true;
    takeEarly(OPENING_READS.account.key(), userId, () =>
      supabase().then((client) => readMyAnimals(client, userId)),
    ).then(([animals, memberships]) => {
      if (!current) return;
      const error = animals.error ?? memberships.error;
      if (error) return setLoad({ state: 'failed', message: failureText(error) });
      const mine = new Map((memberships.data ?? []).map((row) => [row.animal_id, membershipOf(row)]));
      // Row level security shows the animals of the person's own member rows: each has its row.
      const cards = (animals.data ?? []).flatMap((animal) => {
        const membership = mine.get(animal.id);
        return membership ? [{ ...animal, membership }] : [];
      });
      setLoad({ state: 'ready', animals: cards });
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
    const { error, loss } = await saveLost(animalId, lost);
    // Saved, the loss as the database dated it (and its checklist emptied); else put back.
    showLoss(animalId, loss ?? { is_lost: !lost });
    return { error };
  };

  return { load, setLost };
}

type AnimalLoad =
  | { state: 'loading' }
  | { state: 'ready'; animal: MemberAnimal; membership: Membership }
  | { state: 'denied' }
  | { state: 'failed' };

// Row level security hides an animal of another household and a deleted one alike. The animals deleted from this
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
 * One animal whose household the signed-in person is in, with its medal and the person's role; 'denied'
 * when they are not (or no longer: a keeper after their last day), 'failed' when it cannot be read or was
 * deleted from this browser.
 */
export function useMemberAnimal(id: string): AnimalLoad {
  const userId = useAuth().user?.id;
  const [load, setLoad] = useState<AnimalLoad>({ state: 'loading' });

  useEffect(() => {
    if (!userId) return;
    let current = true;
    takeEarly(OPENING_READS.editAnimal.key({ id }), userId, () =>
      supabase().then((client) => readMemberAnimal(client, id, userId)),
    ).then(([animal, member]) => {
      if (!current) return;
      const error = animal.error ?? member.error;
      if (error || (!animal.data && deletedHere().includes(id))) setLoad({ state: 'failed' });
      // Row level security shows only the animals of one's households: another's is simply not there.
      else if (!animal.data || !member.data) setLoad({ state: 'denied' });
      else setLoad({ state: 'ready', animal: animal.data, membership: membershipOf(member.data) });
    });
    return () => {
      current = false;
    };
  }, [id, userId]);

  return load;
}

/**
 * Saves the edit page: the animal's fields, its public contacts and its cover, by id (row level security lets
 * its owner and co-owners).
 */
export async function saveAnimal(
  animalId: string,
  changes: TablesUpdate<'animals'>,
): Promise<{ error: { code: string; message: string } | null }> {
  const { error } = await (await supabase()).from('animals').update(changes).eq('id', animalId);
  return { error };
}

/** Why the database refused to suspend or resume a medal, as set_my_medal_suspended names it in `reason`. */
const MEDAL_REFUSALS = ['no_medal', 'suspended_by_operator'] as const;
export type MedalRefusal = (typeof MEDAL_REFUSALS)[number];

/**
 * Suspends or resumes an animal's medal, as its owner or a co-owner (set_my_medal_suspended). The database
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
 * Deletes the animal with its photos' rows and files in one server call
 * (docs/decisions/0010-multi-step-writes-on-server.md): a page closed midway leaves the animal whole or gone. When the
 * server refuses, its French message ('Animal introuvable.', ...), or null when none came back (no network, say).
 */
export async function deleteAnimal(
  animalId: string,
): Promise<{ deleted: true } | { deleted: false; message: string | null }> {
  const { error } = await (await supabase()).functions.invoke('delete-animal', { body: { animal_id: animalId } });
  if (error) return { deleted: false, message: await serverMessage(error) };
  rememberDeleted(animalId);
  return { deleted: true };
}
