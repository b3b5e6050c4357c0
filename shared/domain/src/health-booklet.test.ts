import { describe, expect, it } from 'vitest';
import {
  addMonths,
  HEALTH_DOCUMENT_TYPES,
  nextDueFollowsDate,
  PROPOSED_VACCINES,
  proposedCares,
  usualNextDue,
} from './health-booklet.ts';
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

  it('reads a year below 100 as that year, as a date field being typed passes through it', () => {
    expect(addMonths('0002-03-12', 12)).toBe('0003-03-12');
    expect(addMonths('0099-12-31', 2)).toBe('0100-02-28');
  });
});

describe('the usual next due date', () => {
  const rabies = { kind: 'vaccination', label: 'Rage' };

  it('is reckoned from the day the care was given (typed on 29 November, given on 12 March)', () => {
    expect(usualNextDue('dog', { ...rabies, given_on: '2026-11-29' })).toBe('2027-11-29');
    expect(usualNextDue('dog', { ...rabies, given_on: '2026-03-12' })).toBe('2027-03-12');
    const dewormer = { kind: 'treatment', label: 'Vermifuge' };
    expect(usualNextDue('dog', { ...dewormer, given_on: '2026-11-01' })).toBe('2027-02-01');
    expect(usualNextDue('dog', { ...dewormer, given_on: '2026-11-28' })).toBe('2027-02-28');
  });

  it('knows the care whatever its case and outer spaces, for its kind and species only', () => {
    expect(usualNextDue('cat', { ...rabies, label: '  rage ', given_on: '2026-03-12' })).toBe('2027-03-12');
    expect(usualNextDue('Tortue', { ...rabies, given_on: '2026-03-12' })).toBeNull();
    expect(usualNextDue('dog', { kind: 'treatment', label: 'Rage', given_on: '2026-03-12' })).toBeNull();
    expect(usualNextDue('dog', { kind: 'visit', label: 'Vermifuge', given_on: '2026-03-12' })).toBeNull();
  });

  it('is none for a care the proposals do not know, or without a whole date', () => {
    expect(
      usualNextDue('dog', { kind: 'vaccination', label: 'Rage (Nobivac 3 ans)', given_on: '2026-03-12' }),
    ).toBeNull();
    expect(usualNextDue('dog', { ...rabies, given_on: '' })).toBeNull();
  });
});

describe('a stored next due date', () => {
  const rabies = { kind: 'vaccination', label: 'Rage', given_on: '2026-03-12' };

  it('follows its date when it is the usual one, or none where none is usual', () => {
    expect(nextDueFollowsDate('dog', { ...rabies, next_due_on: '2027-03-12' })).toBe(true);
    expect(nextDueFollowsDate('dog', { ...rabies, label: 'Chez le véto', kind: 'visit', next_due_on: null })).toBe(
      true,
    );
  });

  it('stays when the member chose it: another day, or none where one is usual', () => {
    expect(nextDueFollowsDate('dog', { ...rabies, next_due_on: '2029-03-12' })).toBe(false);
    expect(nextDueFollowsDate('dog', { ...rabies, next_due_on: null })).toBe(false);
    expect(nextDueFollowsDate('dog', { ...rabies, label: 'Contrôle', kind: 'visit', next_due_on: '2026-09-01' })).toBe(
      false,
    );
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
