import { describe, expect, it } from 'vitest';
import { addMonths, HEALTH_DOCUMENT_TYPES, PROPOSED_VACCINES, proposedCares } from './health-booklet.ts';
import { SPECIES } from './species.ts';

describe('the cares proposed for an animal', () => {
  it('are keyed by species as they are stored', () => {
    const stored: string[] = SPECIES.map((species) => species.value);
    for (const species of Object.keys(PROPOSED_VACCINES)) expect(stored).toContain(species);
  });

  it('are its species’ usual vaccines, then the treatments every animal gets', () => {
    expect(proposedCares('dog').map((care) => care.label)).toEqual([
      'Rage',
      'CHPPi-L',
      'Toux du chenil',
      'Piroplasmose',
      'Leishmaniose',
      'Vermifuge',
      'Antipuces',
      'Antitiques',
    ]);
    expect(proposedCares('cat').map((care) => care.label)).toEqual([
      'Rage',
      'Typhus',
      'Coryza',
      'Leucose féline',
      'Chlamydiose',
      'Vermifuge',
      'Antipuces',
      'Antitiques',
    ]);
    // A species without usual vaccines here (or one the owner typed): the treatments alone.
    expect(proposedCares('Tortue').map((care) => care.label)).toEqual(['Vermifuge', 'Antipuces', 'Antitiques']);
    expect(proposedCares(null)).toHaveLength(3);
  });

  it('come with their usual intervals: rabies and CHPPi-L every year, deworming every 3 months, fleas monthly', () => {
    const intervals = Object.fromEntries(proposedCares('dog').map((care) => [care.label, care.intervalMonths]));
    expect(intervals).toMatchObject({ Rage: 12, 'CHPPi-L': 12, Vermifuge: 3, Antipuces: 1, Antitiques: 1 });
    expect(proposedCares('dog').every((care) => care.label.length <= 120)).toBe(true);
  });
});

describe('addMonths', () => {
  it('keeps the day of the month, or takes the month’s last day', () => {
    expect(addMonths('2027-03-03', 12)).toBe('2028-03-03');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-11-15', 3)).toBe('2028-02-15');
    expect(addMonths('2027-12-31', 1)).toBe('2028-01-31');
  });
});

describe('the document types', () => {
  it('are PDF and the three image types, each with its extension', () => {
    expect(HEALTH_DOCUMENT_TYPES).toEqual({
      'application/pdf': 'pdf',
      'image/jpeg': 'jpg',
      'image/png': 'png',
      'image/webp': 'webp',
    });
  });
});
