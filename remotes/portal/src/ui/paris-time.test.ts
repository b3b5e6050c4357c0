import { describe, expect, it } from 'vitest';
import { parisTime } from './paris-time.ts';

describe('the portal’s dates and times', () => {
  it('are at the hour of Paris, summer and winter', () => {
    // 23:30 UTC on 14 July: already 15 July in Paris (summer time, UTC+2).
    expect(parisTime('2026-07-14T23:30:00Z', 'date')).toBe('15 juillet 2026');
    expect(parisTime('2026-07-14T23:30:00Z', 'dateTime')).toBe('15 juillet 2026 à 01:30');
    // Winter time, UTC+1.
    expect(parisTime(new Date('2026-11-23T14:40:00Z'), 'dayDateTime')).toBe('lundi 23 novembre 2026 à 15:40');
  });
});
