import { describe, expect, it } from 'vitest';
import { recordSchema } from './record-schema.ts';

const base = {
  kind: 'vaccination',
  label: ' Rage ',
  given_on: '2026-11-26',
  next_due_on: '',
  weight_kg: '',
  notes: '',
  shown_to_finder: false,
};

describe('a record of the booklet as the form takes it', () => {
  it('is stored trimmed, without a next date or notes when none is given', () => {
    expect(recordSchema.parse(base)).toEqual({
      kind: 'vaccination',
      label: 'Rage',
      given_on: '2026-11-26',
      next_due_on: null,
      weight_kg: null,
      notes: null,
      shown_to_finder: false,
    });
  });

  it('shows a vaccination or a treatment to a finder when asked, never a visit or a weighing', () => {
    expect(recordSchema.parse({ ...base, shown_to_finder: true }).shown_to_finder).toBe(true);
    expect(recordSchema.parse({ ...base, kind: 'treatment', shown_to_finder: true }).shown_to_finder).toBe(true);
    expect(recordSchema.parse({ ...base, kind: 'visit', shown_to_finder: true }).shown_to_finder).toBe(false);
    expect(recordSchema.parse({ ...base, kind: 'weight', weight_kg: '4', shown_to_finder: true }).shown_to_finder).toBe(
      false,
    );
  });

  it('refuses a next date before the date it was done, and says so under that field', () => {
    const result = recordSchema.safeParse({ ...base, next_due_on: '2026-11-25' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['next_due_on', 'La prochaine échéance doit suivre la date.'],
    ]);
  });

  it('reads a weighing in kilograms with a comma, keeps no next date for it, and refuses none or 200 kg', () => {
    const weighing = { ...base, kind: 'weight', label: 'Pesée', next_due_on: '2027-01-01' };
    expect(recordSchema.parse({ ...weighing, weight_kg: '4,5' })).toMatchObject({ weight_kg: 4.5, next_due_on: null });
    for (const weight of ['', '0', '200', 'lourd']) {
      expect(recordSchema.safeParse({ ...weighing, weight_kg: weight }).success, weight).toBe(false);
    }
  });

  it('asks what was done and when', () => {
    const result = recordSchema.safeParse({ ...base, label: '  ', given_on: '' });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['given_on', 'label']);
  });
});
