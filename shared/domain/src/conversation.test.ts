import { describe, expect, it } from 'vitest';
import {
  animalHomeText,
  conversationPath,
  conversationPathOf,
  conversationTokenOf,
  isConversationPagePath,
  isFinderStatus,
  stopFinderMailPath,
  stopFinderMailTokenOf,
} from './conversation.ts';
import { FINDER_LANGUAGES } from './languages.ts';

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

  it('is a conversation page’s path still when its token is not of the right form: the page says so', () => {
    for (const path of [`/conversation/${TOKEN}`, `/conversation/${TOKEN.slice(1)}`, '/conversation/abc/']) {
      expect(isConversationPagePath(path), path).toBe(true);
    }
    for (const path of ['/conversation', `/conversation/${TOKEN}/more`, `/autre/${TOKEN}`, '/MDL-ABC-123']) {
      expect(isConversationPagePath(path), path).toBe(false);
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

describe('the path of the page that stops e-mails to a finder’s address', () => {
  it('holds the token and the e-mail’s language, and gives the token back from the path alone', () => {
    expect(stopFinderMailPath(TOKEN, 'en')).toBe(`/e-mails/${TOKEN}?lang=en`);
    const url = new URL(stopFinderMailPath(TOKEN, 'nl'), 'https://medaille.example');
    expect([stopFinderMailTokenOf(url.pathname), url.searchParams.get('lang')]).toEqual([TOKEN, 'nl']);
    expect(stopFinderMailTokenOf(`/e-mails/${TOKEN}/`)).toBe(TOKEN);
  });

  it('is no other path: a conversation, a medal code, a token of another form, more segments', () => {
    for (const path of [
      '/e-mails',
      `/conversation/${TOKEN}`,
      '/MDL-ABC-123',
      `/e-mails/${TOKEN.toUpperCase()}`,
      `/e-mails/${TOKEN}x`,
      `/e-mails/${TOKEN}/more`,
      `/x/e-mails/${TOKEN}`,
    ]) {
      expect(stopFinderMailTokenOf(path), path).toBeNull();
    }
  });
});

describe('what a finder says and reads', () => {
  it('says what they are doing with one of three words, and nothing else', () => {
    expect(['with_me', 'seen_here', 'dropped_off'].every(isFinderStatus)).toBe(true);
    expect([null, '', 'lost', 'WITH_ME'].some(isFinderStatus)).toBe(false);
  });

  it('reads that the animal is home in each language, agreed with its sex where the language does', () => {
    const texts = FINDER_LANGUAGES.map((language) => animalHomeText(language, 'Mina', 'F'));
    expect(new Set(texts).size).toBe(FINDER_LANGUAGES.length);
    expect(texts.every((text) => text.includes('Mina'))).toBe(true);
    expect(animalHomeText('fr', 'Rex', 'M')).toBe('Rex est rentré chez lui, merci !');
    expect(animalHomeText('fr', 'Mina', 'F')).toBe('Mina est rentrée chez elle, merci !');
    expect(animalHomeText('it', 'Mina', 'F')).toBe('Mina è tornata a casa, grazie!');
    expect(animalHomeText('en', 'Rex', null)).toBe('Rex is back home. Thank you!');
  });
});
