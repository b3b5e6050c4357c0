import { describe, expect, it } from 'vitest';
import { ageText } from './age.ts';

const in2026 = new Date('2026-06-15T12:00:00Z');

describe('ageText', () => {
  it('says "Non renseigné" without a birth year', () => {
    expect(ageText(null, in2026)).toBe('Non renseigné');
    expect(ageText(undefined, in2026)).toBe('Non renseigné');
  });
  it('says "Moins d\'un an" for an age of 0 or less', () => {
    expect(ageText(2026, in2026)).toBe("Moins d'un an");
    expect(ageText(2027, in2026)).toBe("Moins d'un an");
  });
  it('uses "an" for one year and "ans" beyond', () => {
    expect(ageText(2025, in2026)).toBe('1 an');
    expect(ageText(2024, in2026)).toBe('2 ans');
    expect(ageText(2012, in2026)).toBe('14 ans');
  });
});
