import { describe, expect, it } from 'vitest';
import { theftSchema } from './theft-schema.ts';

const NOW = new Date('2026-11-29T12:00:00Z');

describe('a theft as its owner declares it', () => {
  it('needs when, and saves an empty place or reference as none', () => {
    expect(theftSchema(NOW).parse({ stolen_at: '2026-11-29T09:30', place: ' ', complaint_reference: '' })).toEqual({
      stolen_at: new Date('2026-11-29T09:30').toISOString(),
      place: null,
      complaint_reference: null,
    });
    const missing = theftSchema(NOW).safeParse({ stolen_at: '', place: '', complaint_reference: '' });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual(['Indiquez la date et l’heure du vol']);
  });

  it('refuses what the database refuses, in French: a future time, a place on two lines, a reference too long', () => {
    const refused = theftSchema(NOW).safeParse({
      stolen_at: '2026-11-30T20:00',
      place: 'Parking\u202e de la gare',
      complaint_reference: 'x'.repeat(61),
    });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'La date du vol ne peut pas être dans le futur',
      'Le texte tient sur une ligne, sans caractère de contrôle',
      '60 caractères maximum',
    ]);
  });
});
