import { describe, expect, it } from 'vitest';
import { conversationOpen, threadsOf } from './conversations.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const conversation = (id: string, last: string, blocked: string | null = null) => ({
  id,
  created_at: '2026-11-01T10:00:00Z',
  last_message_at: last,
  blocked_at: blocked,
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
        {
          id: 'm1',
          conversation_id: 'new',
          message: 'Je l’ai',
          contact: null,
          photo_path: null,
          created_at: '2026-11-25T08:00:00Z',
        },
        {
          id: 'm2',
          conversation_id: 'new',
          message: 'Merci',
          contact: null,
          photo_path: null,
          created_at: '2026-11-25T10:00:00Z',
        },
        {
          id: 'm3',
          conversation_id: 'old',
          message: 'Vu ici',
          contact: '06',
          photo_path: null,
          created_at: '2026-11-20T10:00:00Z',
        },
      ],
      [{ id: 'r1', conversation_id: 'new', author_id: 'u1', body: 'J’arrive', created_at: '2026-11-25T09:00:00Z' }],
      NOW,
    );
    expect(threads.map((thread) => [thread.id, thread.open, thread.lines.map((line) => line.id)])).toEqual([
      ['new', true, ['m1', 'r1', 'm2']],
      ['old', true, ['m3']],
    ]);
    expect(threads[0]?.lines[1]).toMatchObject({ from: 'household', text: 'J’arrive', authorId: 'u1' });
  });
});
