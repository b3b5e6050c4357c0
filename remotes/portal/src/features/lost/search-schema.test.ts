import { describe, expect, it } from 'vitest';
import { searchSchema } from './search-schema.ts';

const NOW = new Date('2026-11-29T12:00:00Z');
const valid = { last_seen_place: '', last_seen_at: '', description: '', hide_name: false, thanks: '' };

describe('the household’s words on a search page', () => {
  it('saves empty texts as none, trims them, and keeps the message’s lines', () => {
    expect(searchSchema(NOW).parse(valid)).toEqual({
      last_seen_place: null,
      last_seen_at: null,
      description: null,
      hide_name: false,
      thanks: null,
    });
    expect(
      searchSchema(NOW).parse({
        ...valid,
        last_seen_place: '  Rue des Lilas, Nantes ',
        description: 'Harnais rouge.\r\nCraintive.',
        hide_name: true,
      }),
    ).toMatchObject({
      last_seen_place: 'Rue des Lilas, Nantes',
      description: 'Harnais rouge.\nCraintive.',
      hide_name: true,
    });
  });

  it('refuses what the database refuses, in French: a place on two lines or turned around, too long, a future time', () => {
    const refusal = (values: Partial<typeof valid>) =>
      searchSchema(NOW)
        .safeParse({ ...valid, ...values })
        .error?.issues.map((issue) => issue.message);
    expect(refusal({ last_seen_place: 'Rue\nbis' })).toEqual([
      'Le lieu tient sur une ligne, sans caractère de contrôle',
    ]);
    expect(refusal({ last_seen_place: 'Rue \u202edes Lilas' })).toEqual([
      'Le lieu tient sur une ligne, sans caractère de contrôle',
    ]);
    expect(refusal({ description: 'a\u2066b' })).toEqual(['Le message contient des caractères non valides']);
    expect(refusal({ last_seen_place: 'x'.repeat(121) })).toEqual(['120 caractères maximum']);
    expect(refusal({ description: 'x'.repeat(501) })).toEqual(['500 caractères maximum']);
    expect(refusal({ thanks: 'x'.repeat(301) })).toEqual(['300 caractères maximum']);
    expect(refusal({ thanks: 'Merci\u202e' })).toEqual(['Le message contient des caractères non valides']);
    expect(searchSchema(NOW).parse({ ...valid, thanks: ' Merci à tous !\r\nÀ bientôt. ' }).thanks).toBe(
      'Merci à tous !\nÀ bientôt.',
    );
    expect(refusal({ last_seen_at: '2026-11-30T12:00' })).toEqual([
      'La date du dernier signalement ne peut pas être dans le futur',
    ]);
  });
});
