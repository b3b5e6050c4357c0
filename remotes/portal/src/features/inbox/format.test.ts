import { describe, expect, it } from 'vitest';
import { accuracyText, distanceText, whenText } from './format.ts';
import { placePoints } from './sketch.ts';

describe('the inbox’s words', () => {
  it('writes a time in full French at the hour of Paris, summer and winter', () => {
    expect(whenText('2026-11-23T14:40:00Z')).toBe('lundi 23 novembre 2026 à 15:40');
    expect(whenText('2026-07-14T21:05:00Z')).toBe('mardi 14 juillet 2026 à 23:05');
  });

  it('writes an accuracy in whole metres, and a span in metres or kilometres', () => {
    expect(accuracyText(12.4)).toBe('± 12 m');
    // French groups thousands with a narrow no-break space.
    expect(accuracyText(1500)).toBe('± 1\u202f500 m');
    expect(distanceText(350.2)).toBe('350 m');
    expect(distanceText(1234)).toBe('1,2 km');
  });
});

describe('the positions’ sketch', () => {
  it('keeps north up, east right and one scale both ways, inside the margins', () => {
    // 1 km north of the first point, then 1 km east of that, in Lyon.
    const north = 45.764 + 1000 / 111_320;
    const east = 4.8357 + 1000 / (111_320 * Math.cos((45.767 * Math.PI) / 180));
    const { placed, span } = placePoints(
      [
        { lat: 45.764, lon: 4.8357 },
        { lat: north, lon: 4.8357 },
        { lat: north, lon: east },
      ],
      320,
      200,
      16,
    );
    const [start, up, right] = placed as [{ x: number; y: number }, { x: number; y: number }, { x: number; y: number }];
    expect(span).toBeCloseTo(1000, -1);
    expect(up.y).toBeLessThan(start.y);
    expect(right.x).toBeGreaterThan(up.x);
    expect(start.y - up.y).toBeCloseTo(right.x - up.x, 0);
    for (const point of placed) {
      expect(point.y).toBeGreaterThanOrEqual(16 - 1e-6);
      expect(point.y).toBeLessThanOrEqual(184 + 1e-6);
    }
  });

  it('puts points at one place in the middle', () => {
    const same = { lat: 45.764, lon: 4.8357 };
    expect(placePoints([same, same], 320, 200, 16)).toEqual({
      placed: [
        { x: 160, y: 100 },
        { x: 160, y: 100 },
      ],
      span: 0,
    });
  });
});
