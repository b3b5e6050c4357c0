import type { RouteOf, RouteParams } from '@medaille/routing';
import type { MedailleClient } from '@medaille/supabase';

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

/**
 * The portal's pages that open with data, by route (@medaille/routing): the name of their chunk (its import's
 * `webpackChunkName` in portal-app.tsx), what their early answer is kept under, and their reads, written once as
 * supabase-js code. The page's HTML asks the same reads before supabase-js has loaded: the build records their
 * requests from supabase-js itself (build/opening-reads.ts) for the host to announce and for ui/early-data.ts.
 */
export const OPENING_READS = {
  account: {
    chunk: 'account-page',
    key: () => 'my-animals',
    read: (client: MedailleClient, userId: string) => readMyAnimals(client, userId),
  },
  editAnimal: {
    chunk: 'edit-animal-page',
    key: ({ id }: { id: string }) => `member-animal:${id}`,
    read: (client: MedailleClient, userId: string, { id }: { id: string }) => readMemberAnimal(client, id, userId),
  },
} satisfies { [N in RouteOf<'portal'>]?: OpeningRead<RouteParams<N>> };

/** How one page's opening data is read (OPENING_READS). */
export interface OpeningRead<P> {
  chunk: string;
  key(params: P): string;
  read(client: MedailleClient, userId: string, params: P): Promise<readonly { data: unknown }[]>;
}

export type OpeningPage = keyof typeof OPENING_READS;
