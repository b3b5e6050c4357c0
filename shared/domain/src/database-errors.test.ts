import { describe, expect, it } from 'vitest';
import { databaseErrorMessage } from './database-errors.ts';

describe('databaseErrorMessage', () => {
  it('names the broken rule in French from the constraint in the message', () => {
    expect(
      databaseErrorMessage({
        code: '23514',
        message: 'new row for relation "animals" violates check constraint "animals_poids_kg_positif"',
      }),
    ).toBe('Le poids doit être un nombre positif');
    expect(databaseErrorMessage({ code: '23514', constraint: 'animals_public_city_longueur' })).toBe(
      'Ville : 80 caractères maximum',
    );
  });
  it('passes on the French text our triggers raise', () => {
    expect(databaseErrorMessage({ code: '23514', message: 'Maximum 8 photos autorisées' })).toBe(
      'Maximum 8 photos autorisées',
    );
  });
  it('explains a refused permission and falls back to a generic message', () => {
    expect(databaseErrorMessage({ code: '42501', message: 'permission denied for table animals' })).toBe(
      "Vous n'avez pas le droit de modifier cet animal.",
    );
    expect(databaseErrorMessage({ code: 'XX000', message: 'internal' })).toBe("Une erreur inattendue s'est produite");
  });
});
