import { describe, expect, it } from 'vitest';
import { nextPath } from './confirm-link-page.tsx';

const SITE = 'https://medaille.example';

describe("an auth e-mail's next address", () => {
  it('is followed on this site, with its query (an activation, an invitation, a reset)', () => {
    expect(nextPath(`${SITE}/auth/callback?activation=true&code=MDL-1`, SITE)).toBe(
      '/auth/callback?activation=true&code=MDL-1',
    );
    expect(nextPath(`${SITE}/auth/callback?reset=true`, SITE)).toBe('/auth/callback?reset=true');
  });

  it('is read as a URL, never matched as text: another site, however spelled, leads to the callback page', () => {
    for (const next of [
      'https://evil.example/auth/callback',
      `${SITE}.evil.example/auth/callback`,
      `https://medaille.example@evil.example/`,
      '//evil.example/auth/callback',
      'javascript:alert(1)',
      'http://medaille.example/auth/callback',
    ]) {
      expect(nextPath(next, SITE), next).toBe('/auth/callback');
    }
    expect(nextPath(null, SITE)).toBe('/auth/callback');
  });
});
