import { databaseErrorMessage } from '@medaille/domain';
import { searchCardUrl } from '@medaille/finder-functions';
import { searchPath } from '@medaille/routing';
import { supabase, type Tables } from '@medaille/supabase';
import { appConfig } from '@medaille/supabase/config';
import { LOST_COPY } from './copy.ts';
import type { SearchFormOutput } from './search-schema.ts';

/** A loss's search page as its household words it (supabase/schemas/searches.sql). */
export type Search = Pick<
  Tables<'searches'>,
  | 'id'
  | 'description'
  | 'last_seen_at'
  | 'last_seen_place'
  | 'hide_name'
  | 'area_lat'
  | 'area_lon'
  | 'area_radius_m'
  | 'thanks'
>;

/** A search's public page, on the site the household is on: the link it shares, the poster's QR code. */
export const searchPageUrl = (id: string) => new URL(searchPath(id), window.location.origin).href;

/** The picture its shared link shows, composed on the server (search-card), in French: to post it elsewhere. */
export const searchPictureUrl = (id: string) => searchCardUrl(appConfig(), id, 'fr');

/** The animal's open search: the lost switch opened it; none while the animal is not lost. */
export async function readOpenSearch(animalId: string): Promise<Search | null> {
  const { data, error } = await (await supabase())
    .from('searches')
    .select('id, description, last_seen_at, last_seen_place, hide_name, area_lat, area_lon, area_radius_m, thanks')
    .eq('animal_id', animalId)
    .is('found_at', null)
    .maybeSingle();
  if (error) throw new Error(databaseErrorMessage(error));
  return data;
}

/** The area the search page shows around a point (at least 300 m), or none. */
export type SearchArea = Pick<Search, 'area_lat' | 'area_lon' | 'area_radius_m'>;

/** Saves the household's words on the open search, or its area, by id; an error's French words, or null. */
export async function saveSearch(id: string, values: SearchFormOutput | SearchArea): Promise<string | null> {
  const { data, error } = await (await supabase())
    .from('searches')
    .update(values)
    .eq('id', id)
    .select('id')
    .maybeSingle();
  if (error) return databaseErrorMessage(error);
  // Row level security: a search that ended (the animal found) or that is no longer the person's.
  return data ? null : LOST_COPY.search.ended;
}

/** A passer-by's sighting as the household reads it: with its position, never who said it. */
export type Sighting = Pick<
  Tables<'sightings'>,
  | 'id'
  | 'animal_id'
  | 'kind'
  | 'seen_at'
  | 'place'
  | 'words'
  | 'lat'
  | 'lon'
  | 'hidden_at'
  | 'conversation_id'
  | 'photo_path'
  | 'reported_at'
>;

/** The search's sightings, the latest first. */
export async function readSightings(searchId: string): Promise<Sighting[]> {
  const { data, error } = await (await supabase())
    .from('sightings')
    .select('id, animal_id, kind, seen_at, place, words, lat, lon, hidden_at, conversation_id, photo_path, reported_at')
    .eq('search_id', searchId)
    .order('seen_at', { ascending: false });
  if (error) throw new Error(databaseErrorMessage(error));
  return data;
}

/** Hides a sighting from the search page, or shows it again; whether it took (any member may). */
export async function setSightingHidden(id: string, hidden: boolean): Promise<boolean> {
  const { data, error } = await (await supabase())
    .from('sightings')
    .update({ hidden_at: hidden ? new Date().toISOString() : null })
    .eq('id', id)
    .select('id')
    .maybeSingle();
  return !error && data !== null;
}

/**
 * Reports a sighting as abusive ('Signaler un abus'): hidden from the page, counted for the operators, and its
 * passer-by sends no more here today; whether it took (any member may).
 */
export async function reportSighting(id: string): Promise<boolean> {
  const now = new Date().toISOString();
  const { data, error } = await (await supabase())
    .from('sightings')
    .update({ reported_at: now, hidden_at: now })
    .eq('id', id)
    .select('id')
    .maybeSingle();
  return !error && data !== null;
}

/** Deletes a sighting; whether it took (the owner and co-owners may). */
export async function deleteSighting(id: string): Promise<boolean> {
  const { data, error } = await (await supabase()).from('sightings').delete().eq('id', id).select('id').maybeSingle();
  return !error && data !== null;
}
