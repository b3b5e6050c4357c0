import { CONVERSATION_LIMITS, type FinderStatus } from '@medaille/domain';
import { supabase, type Tables } from '@medaille/supabase';
import { useCallback, useEffect, useState } from 'react';
import { COPY } from '../../copy.ts';
import { serverMessage } from '../../ui/server-message.ts';
import { deleteMessage } from './api.ts';

// The animal's conversations with finders (supabase/schemas/conversations.sql,
// docs/decisions/0017-finder-owner-conversation.md), as its household reads them: each with the finder's messages and
// the household's answers in order. A member answers through the answer-conversation function (which tells the finder);
// the owner or a co-owner blocks a finder's link.

export type Conversation = Pick<Tables<'conversations'>, 'id' | 'created_at' | 'last_message_at' | 'blocked_at'>;
type FinderMessage = Pick<
  Tables<'finder_messages'>,
  | 'id'
  | 'conversation_id'
  | 'message'
  | 'contact'
  | 'photo_path'
  | 'created_at'
  | 'read_at'
  | 'finder_status'
  | 'status_place'
  | 'seen_lat'
  | 'seen_lon'
>;
const FINDER_MESSAGE_COLUMNS =
  'id, conversation_id, message, contact, photo_path, created_at, read_at, finder_status, status_place, seen_lat, seen_lon';

/** What a finder said they are doing, with the place they named or where they saw the animal. */
export interface SaidStatus {
  status: FinderStatus;
  place: string | null;
  position: { lat: number; lon: number } | null;
}
type Reply = Pick<
  Tables<'conversation_replies'>,
  'id' | 'conversation_id' | 'author_id' | 'body' | 'created_at' | 'kind'
>;

/** One line of a conversation: the finder's, or a household member's (`author_id`). */
export type ConversationLine =
  | {
      from: 'finder';
      id: string;
      at: string;
      text: string | null;
      contact: string | null;
      photoPath: string | null;
      said: SaidStatus | null;
      /** Not read before this visit: 'Nouveau'. */
      unread: boolean;
    }
  // `found`: the word that the animal is home, written when a member marked it found (no text).
  | { from: 'household'; id: string; at: string; text: string | null; authorId: string | null; found: boolean };

export interface ConversationThread extends Conversation {
  lines: ConversationLine[];
  /** Whether the finder's link still opens it: not blocked, a message within the last 30 days. */
  open: boolean;
}

type ConversationsLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; threads: ConversationThread[] };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the link still opens it: the rule of private.conversation_state, read at `now`. */
export const conversationOpen = (conversation: Conversation, now = Date.now()) =>
  conversation.blocked_at === null &&
  Date.parse(conversation.last_message_at) >= now - CONVERSATION_LIMITS.validDays * DAY_MS;

/** The threads, the one with the latest message first, each in the order it was written. */
export function threadsOf(
  conversations: Conversation[],
  messages: FinderMessage[],
  replies: Reply[],
  now = Date.now(),
): ConversationThread[] {
  return [...conversations]
    .sort((a, b) => b.last_message_at.localeCompare(a.last_message_at))
    .map((conversation) => ({
      ...conversation,
      open: conversationOpen(conversation, now),
      lines: [
        ...messages
          .filter((message) => message.conversation_id === conversation.id)
          .map(
            (message): ConversationLine => ({
              from: 'finder',
              id: message.id,
              at: message.created_at,
              text: message.message,
              contact: message.contact,
              photoPath: message.photo_path,
              said: saidStatusOf(message),
              unread: message.read_at === null,
            }),
          ),
        ...replies
          .filter((reply) => reply.conversation_id === conversation.id)
          .map(
            (reply): ConversationLine => ({
              from: 'household',
              id: reply.id,
              at: reply.created_at,
              text: reply.body,
              authorId: reply.author_id,
              found: reply.kind === 'found',
            }),
          ),
      ].sort((a, b) => a.at.localeCompare(b.at)),
    }));
}

export function saidStatusOf(
  message: Pick<FinderMessage, 'finder_status' | 'status_place' | 'seen_lat' | 'seen_lon'>,
): SaidStatus | null {
  if (message.finder_status === null) return null;
  const { seen_lat: lat, seen_lon: lon } = message;
  return {
    // The database allows nothing else (finder_messages_status_valeurs).
    status: message.finder_status as FinderStatus,
    place: message.status_place,
    position: lat === null || lon === null ? null : { lat, lon },
  };
}

/** What finders said they are doing, newest first, each with its conversation: shown first in the inbox. */
export function latestNews(threads: ConversationThread[], limit = 3) {
  return threads
    .flatMap((thread) =>
      thread.lines.flatMap((line) =>
        line.from === 'finder' && line.said ? [{ conversationId: thread.id, at: line.at, said: line.said }] : [],
      ),
    )
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, limit);
}

/** The animal's conversations, answering one, blocking one, and deleting a finder's message. */
export function useConversations(animalId: string) {
  const [load, setLoad] = useState<ConversationsLoad>({ state: 'loading' });

  const read = useCallback(async () => {
    const client = await supabase();
    const conversations = await client
      .from('conversations')
      .select('id, created_at, last_message_at, blocked_at')
      .eq('animal_id', animalId);
    const ids = (conversations.data ?? []).map((conversation) => conversation.id);
    const [messages, replies] = await Promise.all([
      client.from('finder_messages').select(FINDER_MESSAGE_COLUMNS).in('conversation_id', ids),
      client
        .from('conversation_replies')
        .select('id, conversation_id, author_id, body, created_at, kind')
        .in('conversation_id', ids),
    ]);
    if (conversations.error || messages.error || replies.error) {
      setLoad({ state: 'failed' });
      return;
    }
    setLoad({ state: 'ready', threads: threadsOf(conversations.data, messages.data, replies.data) });
  }, [animalId]);

  useEffect(() => {
    read().catch(() => setLoad({ state: 'failed' }));
  }, [read]);

  /** Answers the finder; the refusal's French words, or null once the answer is stored. */
  const answer = useCallback(
    async (conversationId: string, body: string): Promise<string | null> => {
      const { error } = await (await supabase()).functions.invoke('answer-conversation', {
        body: { conversation_id: conversationId, body },
      });
      if (error) return (await serverMessage(error)) ?? COPY.unexpected;
      await read();
      return null;
    },
    [read],
  );

  /** 'Bloquer cet interlocuteur'; the refusal's words, or null once blocked. */
  const block = useCallback(
    async (conversationId: string): Promise<string | null> => {
      const { data, error } = await (await supabase()).rpc('block_conversation', {
        p_conversation_id: conversationId,
      });
      const refused = data as { success: boolean; error: string | null } | null;
      if (error || !refused) return COPY.unexpected;
      if (!refused.success) return refused.error ?? COPY.unexpected;
      await read();
      return null;
    },
    [read],
  );

  /** Deletes a finder's message and its photo; the error, or null once deleted. */
  const removeMessage = useCallback(
    async (messageId: string) => {
      const error = await deleteMessage(animalId, messageId);
      if (!error) await read();
      return error;
    },
    [animalId, read],
  );

  return { load, answer, block, removeMessage };
}
