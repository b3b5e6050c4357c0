import { describe, expect, it } from 'vitest';
import { conversationOpen, latestNews, threadsOf } from './conversations.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const conversation = (id: string, last: string, blocked: string | null = null) => ({
  id,
  created_at: '2026-11-01T10:00:00Z',
  last_message_at: last,
  blocked_at: blocked,
});
/** A finder's message, without anything said of what they are doing unless `said` says so. */
const message = (
  id: string,
  conversationId: string,
  text: string | null,
  at: string,
  said: { finder_status: string; status_place?: string; seen_lat?: number; seen_lon?: number } | null = null,
) => ({
  id,
  conversation_id: conversationId,
  message: text,
  contact: null,
  photo_path: null,
  created_at: at,
  read_at: null,
  finder_status: null,
  status_place: null,
  seen_lat: null,
  seen_lon: null,
  ...said,
});

describe('a conversation as the household reads it', () => {
  it('opens until 30 days after its last message, unless blocked', () => {
    expect(conversationOpen(conversation('a', '2026-10-27T12:00:00Z'), NOW)).toBe(true);
    expect(conversationOpen(conversation('a', '2026-10-27T11:59:59Z'), NOW)).toBe(false);
    expect(conversationOpen(conversation('a', '2026-11-26T11:00:00Z', '2026-11-26T11:30:00Z'), NOW)).toBe(false);
  });

  it('lists the threads with the latest message first, each line in the order it was written', () => {
    const threads = threadsOf(
      [conversation('old', '2026-11-20T10:00:00Z'), conversation('new', '2026-11-25T10:00:00Z')],
      [
        message('m1', 'new', 'Je l’ai', '2026-11-25T08:00:00Z'),
        message('m2', 'new', 'Merci', '2026-11-25T10:00:00Z'),
        { ...message('m3', 'old', 'Vu ici', '2026-11-20T10:00:00Z'), contact: '06', read_at: '2026-11-21T10:00:00Z' },
      ],
      [
        {
          id: 'r1',
          conversation_id: 'new',
          author_id: 'u1',
          body: 'J’arrive',
          created_at: '2026-11-25T09:00:00Z',
          kind: 'answer',
        },
      ],
      NOW,
    );
    expect(threads.map((thread) => [thread.id, thread.open, thread.lines.map((line) => line.id)])).toEqual([
      ['new', true, ['m1', 'r1', 'm2']],
      ['old', true, ['m3']],
    ]);
    expect(threads[0]?.lines[1]).toMatchObject({ from: 'household', text: 'J’arrive', authorId: 'u1' });
    // 'Nouveau' on a finder's message not read before this visit.
    expect(threads[0]?.lines[0]).toMatchObject({ from: 'finder', unread: true });
    expect(threads[1]?.lines[0]).toMatchObject({ from: 'finder', contact: '06', unread: false });
  });

  it('puts first what finders said they are doing, newest first, each with its conversation and what goes with it', () => {
    const threads = threadsOf(
      [conversation('a', '2026-11-25T10:00:00Z'), conversation('b', '2026-11-24T10:00:00Z')],
      [
        message('m1', 'b', null, '2026-11-24T08:00:00Z', { finder_status: 'seen_here', seen_lat: 45.7, seen_lon: 4.8 }),
        message('m2', 'a', 'Bonjour', '2026-11-25T07:00:00Z'),
        message('m3', 'a', null, '2026-11-25T09:00:00Z', { finder_status: 'dropped_off', status_place: 'Mairie' }),
        message('m4', 'b', null, '2026-11-24T09:00:00Z', { finder_status: 'with_me' }),
      ],
      [],
      NOW,
    );
    expect(latestNews(threads)).toEqual([
      {
        conversationId: 'a',
        at: '2026-11-25T09:00:00Z',
        said: { status: 'dropped_off', place: 'Mairie', position: null },
      },
      { conversationId: 'b', at: '2026-11-24T09:00:00Z', said: { status: 'with_me', place: null, position: null } },
      {
        conversationId: 'b',
        at: '2026-11-24T08:00:00Z',
        said: { status: 'seen_here', place: null, position: { lat: 45.7, lon: 4.8 } },
      },
    ]);
    expect(latestNews(threads, 1)).toHaveLength(1);
  });
});
