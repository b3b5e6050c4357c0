import { describe, expect, it } from 'vitest';
import { agreeWith, sexFormValue, sexLabel, sexToStored } from './sex.ts';
import { SPECIES, speciesFormValue, speciesLabel, speciesToStored } from './species.ts';

describe('species', () => {
  it('has the 7 species of the spec plus other', () => {
    expect(SPECIES.map((s) => `${s.value}:${s.label}`)).toEqual([
      'dog:Chien',
      'cat:Chat',
      'horse:Cheval',
      'ferret:Furet',
      'rabbit:Lapin',
      'rodent:Rongeur',
      'goat:Chèvre',
      'other:Autre',
    ]);
  });
  it('labels known values, shows custom text as is, and "Inconnu" when nothing is stored', () => {
    expect(speciesLabel('dog')).toBe('Chien');
    expect(speciesLabel('Tortue')).toBe('Tortue');
    expect(speciesLabel('')).toBe('Inconnu');
    expect(speciesLabel(null)).toBe('Inconnu');
  });
  it('stores the custom text when "other" is chosen', () => {
    expect(speciesToStored('other', '  Tortue ')).toBe('Tortue');
    expect(speciesToStored('other', '')).toBeNull();
    expect(speciesToStored('cat', 'ignored')).toBe('cat');
    expect(speciesToStored('', '')).toBeNull();
  });
  it('shows an unknown stored species as "other" with its text prefilled in the edit form', () => {
    expect(speciesFormValue('Tortue')).toEqual({ species: 'other', customSpecies: 'Tortue' });
    expect(speciesFormValue('rabbit')).toEqual({ species: 'rabbit', customSpecies: '' });
    expect(speciesFormValue(null)).toEqual({ species: '', customSpecies: '' });
  });
});

describe('sex', () => {
  it('maps the form values to M, F or null', () => {
    expect(sexToStored('male')).toBe('M');
    expect(sexToStored('female')).toBe('F');
    expect(sexToStored('unknown')).toBeNull();
    expect(sexToStored('')).toBeNull();
  });
  it('displays M/male and F/female alike', () => {
    expect(sexLabel('M')).toBe('Mâle');
    expect(sexLabel('male')).toBe('Mâle');
    expect(sexLabel('F')).toBe('Femelle');
    expect(sexLabel('female')).toBe('Femelle');
    expect(sexLabel(null)).toBeNull();
  });
  it('gives the edit form its value back from what is stored', () => {
    expect(sexFormValue('M')).toBe('male');
    expect(sexFormValue('F')).toBe('female');
    expect(sexFormValue(null)).toBe('unknown');
  });
  it('makes French words agree: feminine for a female, masculine for a male, neutral or masculine when unknown', () => {
    const lost = { male: 'perdu', female: 'perdue' };
    const sterilized = { male: 'Stérilisé', female: 'Stérilisée', unknown: 'Stérilisé(e)' };
    expect(['F', 'female', 'M', 'male', null].map((sex) => agreeWith(sex, lost))).toEqual([
      'perdue',
      'perdue',
      'perdu',
      'perdu',
      'perdu',
    ]);
    expect(['F', 'M', 'unknown'].map((sex) => agreeWith(sex, sterilized))).toEqual([
      'Stérilisée',
      'Stérilisé',
      'Stérilisé(e)',
    ]);
  });
});
