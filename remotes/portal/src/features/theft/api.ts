// A theft as the household declares, words and ends it (supabase/schemas/thefts.sql, docs/product/theft.md): row
// level security lets its owner and co-owners write it, every member read it; the database dates it.
import { databaseErrorMessage } from '@medaille/domain';
import { supabase, type Tables } from '@medaille/supabase';
import type { TheftFormOutput } from './theft-schema.ts';

export type Theft = Pick<
  Tables<'thefts'>,
  'id' | 'stolen_at' | 'place' | 'complaint_reference' | 'declared_at' | 'search_id'
>;
const COLUMNS = 'id, stolen_at, place, complaint_reference, declared_at, search_id';

/** A refusal in French, or a value. */
type Outcome<T> = { error: string; value?: never } | { error?: never; value: T };

/** The animal's open theft, or none. */
export async function readOpenTheft(animalId: string): Promise<Theft | null> {
  const { data, error } = await (await supabase())
    .from('thefts')
    .select(COLUMNS)
    .eq('animal_id', animalId)
    .is('found_at', null)
    .maybeSingle();
  if (error) throw new Error(databaseErrorMessage(error));
  return data;
}

export async function declareTheft(animalId: string, values: TheftFormOutput): Promise<Outcome<Theft>> {
  const { data, error } = await (await supabase())
    .from('thefts')
    .insert({ animal_id: animalId, ...values })
    .select(COLUMNS)
    .single();
  return error ? { error: databaseErrorMessage(error) } : { value: data };
}

export async function saveTheft(id: string, values: TheftFormOutput): Promise<Outcome<Theft>> {
  const { data, error } = await (await supabase())
    .from('thefts')
    .update(values)
    .eq('id', id)
    .select(COLUMNS)
    .maybeSingle();
  if (error) return { error: databaseErrorMessage(error) };
  return data ? { value: data } : { error: databaseErrorMessage({ code: '42501' }) };
}

/** The theft's public search page put online or taken off (set_theft_page): its page's id, or the reason. */
export async function setTheftPage(
  id: string,
  isPublic: boolean,
): Promise<Outcome<{ status: 'public' | 'private' | 'lost_page'; search_id?: string }>> {
  const { data, error } = await (await supabase()).rpc('set_theft_page', { p_theft_id: id, p_public: isPublic });
  if (error) return { error: databaseErrorMessage(error) };
  const answer = data as { status: string; search_id?: string };
  if (answer.status === 'not_found') return { error: databaseErrorMessage({ code: '42501' }) };
  return { value: answer as { status: 'public' | 'private' | 'lost_page'; search_id?: string } };
}

/** 'Retrouvé': the database dates it, and ends its page and any loss alongside. */
export async function endTheft(id: string): Promise<Outcome<true>> {
  const { data, error } = await (await supabase())
    .from('thefts')
    .update({ found_at: new Date().toISOString() })
    .eq('id', id)
    .select('id')
    .maybeSingle();
  if (error) return { error: databaseErrorMessage(error) };
  return data ? { value: true } : { error: databaseErrorMessage({ code: '42501' }) };
}
