import { databaseErrorMessage } from '@medaille/domain';
import { supabase, type Tables, useAuth } from '@medaille/supabase';
import { useCallback, useEffect, useState } from 'react';
import { COPY } from '../../copy.ts';
import { BOOKLET_COPY } from './copy.ts';

// Every read and write of an animal's health booklet (supabase/schemas/booklet.sql): its records, and the
// signed-in member's own choice of reminders. Row level security lets the household read and the owner and
// co-owners write; the database's refusals come back in French.

export type HealthRecord = Pick<
  Tables<'health_records'>,
  'id' | 'kind' | 'label' | 'given_on' | 'next_due_on' | 'weight_kg' | 'notes' | 'shown_to_finder'
>;
export type NewHealthRecord = Omit<HealthRecord, 'id'>;

type BookletLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; records: HealthRecord[] };

const COLUMNS = 'id, kind, label, given_on, next_due_on, weight_kg, notes, shown_to_finder';

/** The animal's records, newest first, with adding, changing, showing to a finder and deleting one. */
export function useHealthRecords(animalId: string) {
  const [load, setLoad] = useState<BookletLoad>({ state: 'loading' });

  const read = useCallback(async () => {
    const { data, error } = await (await supabase())
      .from('health_records')
      .select(COLUMNS)
      .eq('animal_id', animalId)
      .order('given_on', { ascending: false })
      .order('created_at', { ascending: false });
    setLoad(error ? { state: 'failed' } : { state: 'ready', records: data ?? [] });
  }, [animalId]);

  useEffect(() => {
    read().catch(() => setLoad({ state: 'failed' }));
  }, [read]);

  /** Adds a record; its refusal's French words, or null once it is stored. */
  const add = useCallback(
    async (record: NewHealthRecord): Promise<string | null> => {
      const { error } = await (await supabase())
        .from('health_records')
        .insert({ animal_id: animalId, ...record })
        .select('id')
        .single();
      if (error) return databaseErrorMessage(error);
      await read();
      return null;
    },
    [animalId, read],
  );

  /** Changes a record; its refusal's French words, or null once it is stored. */
  const update = useCallback(
    async (id: string, record: NewHealthRecord): Promise<string | null> => {
      const { data, error } = await (await supabase()).from('health_records').update(record).eq('id', id).select('id');
      if (error) return databaseErrorMessage(error);
      if (data.length === 0) return BOOKLET_COPY.booklet.updateFailed;
      await read();
      return null;
    },
    [read],
  );

  /** Shows a vaccination or a treatment to a finder, or stops; its refusal's words, or null once saved. */
  const showToFinder = useCallback(
    async (id: string, shown: boolean): Promise<string | null> => {
      const { data, error } = await (await supabase())
        .from('health_records')
        .update({ shown_to_finder: shown })
        .eq('id', id)
        .select('id');
      if (error) return databaseErrorMessage(error);
      if (data.length === 0) return COPY.unexpected;
      await read();
      return null;
    },
    [read],
  );

  /** Deletes a record; its refusal's French words, or null once it is gone. */
  const remove = useCallback(
    async (id: string): Promise<string | null> => {
      const { data, error } = await (await supabase()).from('health_records').delete().eq('id', id).select('id');
      if (error) return databaseErrorMessage(error);
      if (data.length === 0) return BOOKLET_COPY.booklet.removeFailed;
      await read();
      return null;
    },
    [read],
  );

  return { load, add, update, remove, showToFinder };
}

/** The signed-in member's own reminders switch for this animal (null while it is read), and its change. */
export function useMyReminders(animalId: string) {
  const userId = useAuth().user?.id;
  const [on, setOn] = useState<boolean | null>(null);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    void supabase()
      .then((client) =>
        client
          .from('animal_members')
          .select('reminders_email')
          .eq('animal_id', animalId)
          .eq('user_id', userId)
          .maybeSingle(),
      )
      .then(({ data }) => {
        if (current) setOn(data?.reminders_email ?? null);
      });
    return () => {
      current = false;
    };
  }, [animalId, userId]);

  /** Saves the choice; its refusal's words, or null. What is shown changes at once and back on a refusal. */
  const change = useCallback(
    async (next: boolean): Promise<string | null> => {
      if (!userId) return COPY.unexpected;
      setOn(next);
      const { data, error } = await (await supabase())
        .from('animal_members')
        .update({ reminders_email: next })
        .eq('animal_id', animalId)
        .eq('user_id', userId)
        .select('reminders_email')
        .maybeSingle();
      if (error || !data) {
        setOn(!next);
        return error ? databaseErrorMessage(error) : COPY.unexpected;
      }
      return null;
    },
    [animalId, userId],
  );

  return { on, change };
}
