import { describe, expect, it } from 'vitest';
import { conversationPathOf } from './conversation-link.ts';

const TOKEN = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);

describe("the conversation page a function's answer links to", () => {
  it('is read from the link on whatever site it names', () => {
    expect(conversationPathOf(`https://medaille.example/conversation/${TOKEN}`)).toBe(`/conversation/${TOKEN}`);
    expect(conversationPathOf(`http://127.0.0.1:3000/conversation/${TOKEN}/?x=1#y`)).toBe(`/conversation/${TOKEN}`);
  });

  it('is nothing for anything else: no link, a bare path, another page, a token of another form', () => {
    for (const link of [
      null,
      42,
      '',
      `/conversation/${TOKEN}`,
      'https://evil.example/',
      'javascript:alert(1)',
      `https://medaille.example/e-mails/${TOKEN}`,
      `https://medaille.example/conversation/${TOKEN.toUpperCase()}`,
      `https://medaille.example/conversation/${TOKEN}x`,
      `https://medaille.example/conversation/${TOKEN}/more`,
    ]) {
      expect(conversationPathOf(link), String(link)).toBeNull();
    }
  });
});
