import type { MedailleClient } from '@medaille/supabase';
import type { EarlyRead } from '../../ui/early-data.ts';

// The reads of the animals' pages, apart from their hooks (api.ts), so that the portal's module can ask for
// the opening page's data without the page's code (ui/early-data.ts).

const PHOTOS = 'animal_photos!animal_photos_animal_id_fkey(id, path)';
const CARD_COLUMNS = `id, nom, espece, race, sexe, is_lost, lost_since, lost_checklist, cover_photo_id, codes(id, suspended_at, suspended_by), ${PHOTOS}`;
const MEMBERSHIPS_COLUMNS = 'animal_id, role, access_until';
const ANIMAL_COLUMNS = '*, codes(id, suspended_at, suspended_by)';
const MEMBERSHIP_COLUMNS = 'role, access_until';

/** 'Mes animaux': the animals row level security shows the person, newest first, and their member rows. */
export function readMyAnimals(client: MedailleClient, userId: string) {
  return Promise.all([
    client.from('animals').select(CARD_COLUMNS).order('date_creation', { ascending: false }),
    client.from('animal_members').select(MEMBERSHIPS_COLUMNS).eq('user_id', userId),
  ]);
}

/** One animal with its medal, and the person's member row for it. */
export function readMemberAnimal(client: MedailleClient, id: string, userId: string) {
  return Promise.all([
    client.from('animals').select(ANIMAL_COLUMNS).eq('id', id).maybeSingle(),
    client.from('animal_members').select(MEMBERSHIP_COLUMNS).eq('animal_id', id).eq('user_id', userId).maybeSingle(),
  ]);
}

export const EARLY_KEYS = { myAnimals: 'my-animals', memberAnimal: (id: string) => `member-animal:${id}` };

const read = (table: string, columns: string, filters: string, one = false): EarlyRead => ({
  // As supabase-js writes a select: without its spaces.
  path: `/rest/v1/${table}?select=${encodeURIComponent(columns.replace(/\s/g, ''))}${filters}`,
  one,
});

/**
 * The same reads as `readMyAnimals` and `readMemberAnimal`, in the order they answer, for the page's HTML to
 * ask before supabase-js has loaded (queries.test.ts holds them to what supabase-js asks).
 */
export const EARLY_READS = {
  myAnimals: [
    read('animals', CARD_COLUMNS, '&order=date_creation.desc'),
    read('animal_members', MEMBERSHIPS_COLUMNS, '&user_id=eq.{user}'),
  ],
  memberAnimal: [
    read('animals', ANIMAL_COLUMNS, '&id=eq.{id}', true),
    read('animal_members', MEMBERSHIP_COLUMNS, '&animal_id=eq.{id}&user_id=eq.{user}', true),
  ],
} satisfies Record<string, EarlyRead[]>;
