import { describe, expect, it, vi } from 'vitest';
import { parisDay, parisTime, todayInParis } from './paris-time.ts';

describe('the portal’s dates and times', () => {
  it('are at the hour of Paris, summer and winter', () => {
    // 23:30 UTC on 14 July: already 15 July in Paris (summer time, UTC+2).
    expect(parisTime('2026-07-14T23:30:00Z', 'date')).toBe('15 juillet 2026');
    expect(parisTime('2026-07-14T23:30:00Z', 'dateTime')).toBe('15 juillet 2026 à 01:30');
    // Winter time, UTC+1.
    expect(parisTime(new Date('2026-11-23T14:40:00Z'), 'dayDateTime')).toBe('lundi 23 novembre 2026 à 15:40');
  });

  it('write a calendar day as it is stored, whatever the hour', () => {
    expect(parisDay('2026-12-12')).toBe('12 décembre 2026');
    expect(parisDay('2027-01-01')).toBe('1 janvier 2027');
  });

  it('count today in Paris’s calendar', () => {
    // 23:30 UTC on 31 December: already 1 January in Paris.
    expect(todayInParis(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(todayInParis(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    expect(todayInParis(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });

  it('make each format once, when it is first used, not as the module loads (the first costs some 20 ms of a phone page)', async () => {
    vi.resetModules();
    const Real = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made += 1;
      }
    } as typeof Real;
    try {
      const fresh = await import('./paris-time.ts');
      expect(made).toBe(0);
      fresh.parisTime('2026-07-14T23:30:00Z', 'date');
      expect(fresh.parisTime('2026-07-15T23:30:00Z', 'date')).toBe('16 juillet 2026');
      expect(made).toBe(1);
      fresh.todayInParis();
      expect(made).toBe(2);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });
});
