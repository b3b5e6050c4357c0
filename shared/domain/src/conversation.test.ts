import { describe, expect, it } from 'vitest';
import { conversationPath, conversationPathOf, conversationTokenOf } from './conversation.ts';

const TOKEN = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);

describe('a conversation page’s path', () => {
  it('holds the token, and gives it back from the path alone', () => {
    expect(conversationPath(TOKEN)).toBe(`/conversation/${TOKEN}`);
    expect(conversationTokenOf(`/conversation/${TOKEN}`)).toBe(TOKEN);
    expect(conversationTokenOf(`/conversation/${TOKEN}/`)).toBe(TOKEN);
  });

  it('is no other path: a medal code, a token of another form, more segments', () => {
    for (const path of [
      '/MDL-ABC-123',
      '/conversation',
      `/conversation/${TOKEN.toUpperCase()}`,
      `/conversation/${TOKEN.slice(1)}`,
      `/conversation/${TOKEN}x`,
      `/conversation/${TOKEN}/more`,
      `/autre/${TOKEN}`,
    ]) {
      expect(conversationTokenOf(path), path).toBeNull();
    }
  });

  it('is read from a function’s link on whatever site it names, and from nothing else', () => {
    expect(conversationPathOf(`https://medaille.example/conversation/${TOKEN}`)).toBe(`/conversation/${TOKEN}`);
    expect(conversationPathOf(`http://127.0.0.1:3000/conversation/${TOKEN}?x=1#y`)).toBe(`/conversation/${TOKEN}`);
    for (const link of [null, 42, '', `/conversation/${TOKEN}`, 'https://evil.example/', 'javascript:alert(1)']) {
      expect(conversationPathOf(link), String(link)).toBeNull();
    }
  });
});
