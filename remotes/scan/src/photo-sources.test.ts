import { describe, expect, it } from 'vitest';
import { screenSizedSources } from './photo-sources.ts';

const stored = 'https://project.supabase.co/storage/v1/object/public/animal-photos/a1/photo%201.jpg';

describe('photo sources', () => {
  it('offer screen-sized widths from Storage’s image transformations when the deployment has them', () => {
    const resized = 'https://project.supabase.co/storage/v1/render/image/public/animal-photos/a1/photo%201.jpg';
    expect(screenSizedSources(stored, true)).toEqual({
      src: `${resized}?width=800`,
      srcSet: [480, 800, 1200, 1600].map((width) => `${resized}?width=${width} ${width}w`).join(', '),
    });
  });

  it('keep the stored photo without image transformations, or for a photo stored elsewhere', () => {
    expect(screenSizedSources(stored, false)).toEqual({ src: stored });
    expect(screenSizedSources('https://example.org/rex.jpg', true)).toEqual({ src: 'https://example.org/rex.jpg' });
  });
});
