import { describe, expect, it } from 'vitest';
import { animalHomeText, isFinderStatus } from './conversation.ts';
import { FINDER_LANGUAGES } from './languages.ts';

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
