import { FINDER_PHOTO_BUCKET } from '@medaille/domain';
import { supabase, type Tables, useAuth } from '@medaille/supabase';
import { useCallback, useEffect, useState } from 'react';

// Every read and write of an animal's inbox and history: the finders' messages, the positions they shared,
// the openings of the lost animal's page, and the unread counts of 'Mes animaux'. Row level security shows
// these rows to the animal's household and lets its owner and co-owners delete them; finders write them only
// through the functions.

export type Message = Pick<
  Tables<'finder_messages'>,
  | 'id'
  | 'message'
  | 'contact'
  | 'created_at'
  | 'read_at'
  | 'photo_path'
  | 'finder_status'
  | 'status_place'
  | 'seen_lat'
  | 'seen_lon'
>;
export type Position = Pick<Tables<'scan_events'>, 'id' | 'lat' | 'lon' | 'accuracy_m' | 'created_at'>;
export type View = Pick<Tables<'profile_views'>, 'id' | 'created_at'>;
/** What a member did (animal_activity): the household's history, which nobody deletes. */
export type Activity = Pick<Tables<'animal_activity'>, 'id' | 'actor_id' | 'kind' | 'subject_id' | 'created_at'>;

/** One list of the page: newest first, 20 at a time. */
export const PAGE_SIZE = 20;

const TABLES = {
  // Only the messages written before conversations existed: the others are read, and deleted, in their
  // conversation (conversations-section.tsx), listed once.
  messages: {
    table: 'finder_messages',
    columns: 'id, message, contact, created_at, read_at, photo_path, finder_status, status_place, seen_lat, seen_lon',
    outsideConversations: true,
  },
  positions: { table: 'scan_events', columns: 'id, lat, lon, accuracy_m, created_at' },
  views: { table: 'profile_views', columns: 'id, created_at' },
  activity: { table: 'animal_activity', columns: 'id, actor_id, kind, subject_id, created_at' },
} as const;
export type FeedKind = keyof typeof TABLES;
type Item<K extends FeedKind> = { messages: Message; positions: Position; views: View; activity: Activity }[K];

/**
 * One page of the animal's rows of a kind, newest first, from `offset`: one row more than a page is asked
 * for, so that the page knows whether 'Afficher plus' has anything to show.
 */
async function fetchPage<K extends FeedKind>(
  kind: K,
  animalId: string,
  offset: number,
): Promise<{ items: Item<K>[]; more: boolean } | null> {
  const { table, columns } = TABLES[kind];
  const query = (await supabase()).from(table).select(columns).eq('animal_id', animalId);
  const { data, error } = await ('outsideConversations' in TABLES[kind] ? query.is('conversation_id', null) : query)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + PAGE_SIZE);
  if (error) return null;
  const rows = (data ?? []) as unknown as Item<K>[];
  return { items: rows.slice(0, PAGE_SIZE), more: rows.length > PAGE_SIZE };
}

/**
 * Deletes one row, or with `id` null every row of the animal of that kind. A message's photo goes with it;
 * should that removal fail, the sweep (sweep-photos) removes a photo whose message is gone.
 */
async function deleteRows(kind: FeedKind, animalId: string, id: string | null): Promise<{ message: string } | null> {
  const client = await supabase();
  const query = client.from(TABLES[kind].table).delete().eq('animal_id', animalId);
  const rows =
    id !== null
      ? query.eq('id', id)
      : 'outsideConversations' in TABLES[kind]
        ? query.is('conversation_id', null)
        : query;
  const { data, error } = await rows.select(TABLES[kind].columns);
  if (error) return error;
  const photos = kind === 'messages' ? (data as unknown as Message[]).flatMap((row) => row.photo_path ?? []) : [];
  if (photos.length > 0) await client.storage.from(FINDER_PHOTO_BUCKET).remove(photos);
  return null;
}

/** Deletes one of the animal's messages, wherever it is listed, and its photo; the error, or null. */
export const deleteMessage = (animalId: string, messageId: string) => deleteRows('messages', animalId, messageId);

/** A finder's photo, read with the member's own session, as an object URL for an <img> (revoked once unused). */
export function useFinderPhoto(path: string): string | 'failed' | null {
  const [url, setUrl] = useState<string | 'failed' | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let current = true;
    void supabase()
      .then((client) => client.storage.from(FINDER_PHOTO_BUCKET).download(path))
      .then(({ data }) => {
        if (!current) return;
        objectUrl = data ? URL.createObjectURL(data) : null;
        setUrl(objectUrl ?? 'failed');
      });
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}

export type FeedState<T> =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; items: T[]; more: boolean; loadingMore: boolean };

/**
 * One list of the page: its first 20 rows, 'Afficher plus' for the next ones, and deleting one row or all.
 * A deletion shows once the database has done it; its error is returned for the page to say.
 */
export function useFeed<K extends FeedKind>(kind: K, animalId: string) {
  const [state, setState] = useState<FeedState<Item<K>>>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void fetchPage(kind, animalId, 0).then((page) => {
      if (!current) return;
      setState(page ? { status: 'ready', ...page, loadingMore: false } : { status: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [kind, animalId]);

  const showMore = useCallback(async (): Promise<boolean> => {
    if (state.status !== 'ready') return true;
    setState({ ...state, loadingMore: true });
    // Deleted rows left the list and the table alike, so what is shown is where the next page starts.
    const page = await fetchPage(kind, animalId, state.items.length);
    setState((now) => {
      if (now.status !== 'ready') return now;
      if (!page) return { ...now, loadingMore: false };
      const shown = new Set(now.items.map((item) => item.id));
      return {
        status: 'ready',
        items: [...now.items, ...page.items.filter((item) => !shown.has(item.id))],
        more: page.more,
        loadingMore: false,
      };
    });
    return page !== null;
  }, [kind, animalId, state]);

  const remove = useCallback(
    async (id: string | null) => {
      const error = await deleteRows(kind, animalId, id);
      if (!error) {
        setState((now) =>
          now.status !== 'ready'
            ? now
            : id === null
              ? { ...now, items: [], more: false }
              : { ...now, items: now.items.filter((item) => item.id !== id) },
        );
      }
      return error;
    },
    [kind, animalId],
  );

  return { state, showMore, remove };
}

/** Opening the inbox: the animal's messages become read (for its household's members: the function checks). */
export async function markMessagesRead(animalId: string): Promise<void> {
  await (await supabase()).rpc('mark_messages_read', { p_animal_id: animalId });
}

/** How many messages each animal of the signed-in person's households has unread (none: not in the map). */
export function useUnreadCounts(): ReadonlyMap<string, number> {
  const userId = useAuth().user?.id;
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());

  useEffect(() => {
    if (!userId) return;
    let current = true;
    void supabase()
      .then((client) => client.rpc('unread_message_counts'))
      .then(({ data }) => {
        if (current && data) setCounts(new Map(data.map((row) => [row.animal_id, row.unread])));
      });
    return () => {
      current = false;
    };
  }, [userId]);

  return counts;
}
