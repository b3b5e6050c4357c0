// 'C'est le mien' (docs/product/found.md): what the portal reads of a found animal (the public found function,
// as its page shows it) and the claim, through the claim-found function, which opens the masked conversation
// with its finder and tells them.
import { supabase } from '@medaille/supabase';
import { COPY } from '../../copy.ts';
import { serverMessage } from '../../ui/server-message.ts';

/** A found animal as its public page shows it: never its finder's point or contact. */
export interface FoundReport {
  status: 'open' | 'closed';
  id: string;
  species: string;
  found_at: string;
  place: string | null;
  description: string | null;
  words: string | null;
  /** Its photos, by public URL (up to 3). */
  photos: { url: string; width: number; height: number }[];
}

/** A refusal in French, or a value. */
type Outcome<T> = { error: string; value?: never } | { error?: never; value: T };

/** The found animal, or null when no report has that id (or it was forgotten). */
export async function readFoundReport(id: string): Promise<Outcome<FoundReport | null>> {
  const { data, error } = await (await supabase()).functions.invoke<FoundReport | { status: 'not_found' }>('found', {
    body: { id },
  });
  if (error) return { error: (await serverMessage(error)) ?? COPY.unexpected };
  return { value: data && data.status !== 'not_found' ? data : null };
}

/** 'C'est le mien' for one animal: the conversation it opened (or had opened before). */
export async function claimFound(
  reportId: string,
  animalId: string,
  words: string,
): Promise<Outcome<{ conversation_id: string }>> {
  const { data, error } = await (await supabase()).functions.invoke<{ conversation_id: string }>('claim-found', {
    body: { report_id: reportId, animal_id: animalId, words },
  });
  if (error || !data) return { error: (error && (await serverMessage(error))) ?? COPY.unexpected };
  return { value: data };
}
