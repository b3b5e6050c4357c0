import { afterEach, describe, expect, it } from 'vitest';
import { screenSizedSources } from './photo-sources.ts';

const stored = 'https://project.supabase.co/storage/v1/object/public/animal-photos/a1/photo%201.jpg';

afterEach(() => {
  delete window.__MEDAILLE_CONFIG__;
});

describe('photo sources', () => {
  it('offer screen-sized widths from Storage’s image transformations when the deployment has them', () => {
    window.__MEDAILLE_CONFIG__ = { imageTransformations: true };
    const resized = 'https://project.supabase.co/storage/v1/render/image/public/animal-photos/a1/photo%201.jpg';
    expect(screenSizedSources(stored)).toEqual({
      src: `${resized}?width=800`,
      srcSet: [480, 800, 1200, 1600].map((width) => `${resized}?width=${width} ${width}w`).join(', '),
    });
  });

  it('keep the stored photo without image transformations, or for a photo stored elsewhere', () => {
    expect(screenSizedSources(stored)).toEqual({ src: stored });
    window.__MEDAILLE_CONFIG__ = { imageTransformations: true };
    expect(screenSizedSources('https://example.org/rex.jpg')).toEqual({ src: 'https://example.org/rex.jpg' });
  });
});
