import { describe, expect, it } from 'vitest';
import { activationLinkFor } from './api.ts';

const form = {
  code: 'mdl 7kq4 m9xp 3t',
  name: 'Gribouille',
  species: 'cat',
  sex: 'female',
  breed: 'Chartreux',
  birth_year: '2019',
  sterilized: true,
  weight_kg: '4,5',
};

describe('what the activation’s e-mail link carries', () => {
  it('the code as the landing page reads it, and the whole form with the number of photos chosen', () => {
    const link = activationLinkFor(form, 2);
    expect(link.code).toBe('MDL-7KQ4-M9XP-3T');
    expect(link.metadata).toEqual({ pending_activation: { ...form, photo_count: 2 } });
  });

  it('an older code as it stands, even of ten symbols that the landing page’s reading would regroup', () => {
    expect(activationLinkFor({ ...form, code: 'MDL-EMI0ABCDE-1' }, 0).code).toBe('MDL-EMI0ABCDE-1');
  });

  it('a long form without its long texts, since user metadata rides in every access token', () => {
    const allergies = 'Pollen, acariens. '.repeat(120);
    const link = activationLinkFor({ ...form, allergies, meds: 'Aucun', chip_or_tattoo: '250268500000001' }, 0);
    const carried = link.metadata.pending_activation as Record<string, unknown>;
    expect(carried).toEqual({ ...form, chip_or_tattoo: '250268500000001', photo_count: 0, details_left: true });
    expect(JSON.stringify(link.metadata).length).toBeLessThan(2000);
  });
});
