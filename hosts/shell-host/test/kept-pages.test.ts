import { describe, expect, it } from 'vitest';
import { keptPages } from '../src/kept-pages.ts';

const profile = (name: string) => ({ status: 200, data: { name }, keep: true });
const failing = () => Promise.reject(new Error('fetch failed'));

describe('the pages kept for when the backend fails', () => {
  it('serves the last copy read only when the loader fails, with the time it was read', async () => {
    let now = 1_000;
    const kept = keptPages({ now: () => now });
    expect(await kept.load('A', Promise.resolve(profile('Rex')))).toEqual(profile('Rex'));
    now = 2_000;
    expect(await kept.load('A', Promise.resolve(profile('Rex II')))).toEqual(profile('Rex II'));
    expect(await kept.load('A', failing())).toEqual({ ...profile('Rex II'), keptAt: new Date(2_000).toISOString() });
  });

  it('drops a copy on an answer not to keep, and never serves one older than its max age', async () => {
    let now = 0;
    const kept = keptPages({ now: () => now, maxAgeMs: 100 });
    await kept.load('A', Promise.resolve(profile('Rex')));
    await kept.load('A', Promise.resolve({ status: 200, data: { status: 'suspended' } }));
    await expect(kept.load('A', failing())).rejects.toThrow('fetch failed');
    await kept.load('B', Promise.resolve(profile('Felix')));
    now = 101;
    await expect(kept.load('B', failing())).rejects.toThrow('fetch failed');
    expect(kept.size).toBe(0);
  });

  it('keeps at most its number of medals, the least recently read going first', async () => {
    const kept = keptPages({ maxEntries: 2 });
    for (const code of ['A', 'B', 'A', 'C']) await kept.load(code, Promise.resolve(profile(code)));
    expect(kept.size).toBe(2);
    await expect(kept.load('B', failing())).rejects.toThrow();
    expect(await kept.load('A', failing())).toMatchObject({ data: { name: 'A' } });
  });
});
