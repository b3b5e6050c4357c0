import type { MedailleClient } from '@medaille/supabase';

// The reads of the animals' pages, apart from their hooks (api.ts), so that the portal's module can ask for
// the opening page's data without the page's code (ui/early-data.ts).

const PHOTOS = 'animal_photos!animal_photos_animal_id_fkey(id, path)';

/** 'Mes animaux': the animals row level security shows the person, newest first, and their member rows. */
export function readMyAnimals(client: MedailleClient, userId: string) {
  return Promise.all([
    client
      .from('animals')
      .select(
        `id, nom, espece, race, sexe, is_lost, lost_since, lost_checklist, cover_photo_id, codes(id, suspended_at, suspended_by), ${PHOTOS}`,
      )
      .order('date_creation', { ascending: false }),
    client.from('animal_members').select('animal_id, role, access_until').eq('user_id', userId),
  ]);
}

/** One animal with its medal, and the person's member row for it. */
export function readMemberAnimal(client: MedailleClient, id: string, userId: string) {
  return Promise.all([
    client.from('animals').select('*, codes(id, suspended_at, suspended_by)').eq('id', id).maybeSingle(),
    client.from('animal_members').select('role, access_until').eq('animal_id', id).eq('user_id', userId).maybeSingle(),
  ]);
}

export const EARLY_KEYS = { myAnimals: 'my-animals', memberAnimal: (id: string) => `member-animal:${id}` };
