import { describe, expect, it } from 'vitest';
import { departementOf, petAlertText } from './pet-alert.ts';

describe('the département of a last-seen place', () => {
  it('is read from its postal code, overseas and Corsica included, and is none without one', () => {
    expect(departementOf('Rue des Lilas, 44000 Nantes')).toBe('44');
    expect(departementOf('75011 Paris')).toBe('75');
    expect(departementOf('Quai, 97400 Saint-Denis')).toBe('974');
    expect(departementOf('Cours Napoléon, 20000 Ajaccio')).toBe('2A');
    expect(departementOf('Boulevard Paoli, 20200 Bastia')).toBe('2B');
    expect(departementOf('Rue des Lilas, Nantes')).toBeNull();
    // A street number or a phone number is no postal code.
    expect(departementOf('12 rue des Lilas, Nantes')).toBeNull();
    expect(departementOf('0612345678')).toBeNull();
    expect(departementOf(null)).toBeNull();
  });
});

describe('the Pet Alert post', () => {
  const loss = {
    name: 'Noisette',
    species: 'Chat',
    sex: 'F',
    breed: 'Européen',
    color: 'Tigrée',
    since: '28 novembre 2026',
    place: 'Rue des Lilas, 44000 Nantes',
    description: 'Porte un collier rouge.\nCraintive.',
    url: 'https://medaille.example/recherche/6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69',
  };

  it('says the animal, the loss and the household’s words, agreed with its sex, and ends with its page', () => {
    expect(petAlertText(loss)).toBe(
      [
        'PERDUE – Chat femelle – « Noisette »',
        'Race : Européen · Couleur : Tigrée',
        'Depuis le 28 novembre 2026, vue pour la dernière fois : Rue des Lilas, 44000 Nantes',
        'Porte un collier rouge.\nCraintive.',
        `Vous l’avez vue ? Dites-le sur sa page, sans compte : ${loss.url}`,
      ].join('\n'),
    );
  });

  it('hides the name the search page hides, and leaves out what the household did not write', () => {
    const text = petAlertText({
      ...loss,
      name: null,
      sex: 'M',
      breed: null,
      color: null,
      place: null,
      description: null,
    });
    expect(text).toBe(
      [
        'PERDU – Chat mâle',
        'Depuis le 28 novembre 2026',
        `Vous l’avez vu ? Dites-le sur sa page, sans compte : ${loss.url}`,
      ].join('\n'),
    );
    expect(text).not.toContain('Noisette');
  });
});
