import { runInNewContext } from 'node:vm';
import { SCAN_DATA_ELEMENT_ID } from '@medaille/scan-contract';
import { describe, expect, it } from 'vitest';
import { earlyProfileScript } from './early-profile.ts';
import { editAnimalPath, PORTAL_ROUTES, scanCodeOf } from './routes.ts';

/** Every owner path, as a visitor would type it. */
export const OWNER_PATHS = PORTAL_ROUTES.map((route) => route.replace(':id', '6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69'));
const OTHER_PATHS = ['/', '', '/auth', '/MDL-DEMO-REX/extra', '/a/b/c', '//'];
/** Codes as they reach the rule: plain, lower case, encoded, badly encoded, with a trailing slash. */
const SCAN_PATHS: [string, string][] = [
  ['/MDL-DEMO-REX', 'MDL-DEMO-REX'],
  ['/MDL-7KQ4-M9XP-3T/', 'MDL-7KQ4-M9XP-3T'],
  ['/mdl-demo-rex', 'mdl-demo-rex'],
  ['/MDL%2DDEMO', 'MDL-DEMO'],
  ['/%E0%A4%A', '%E0%A4%A'],
  ['/activer-', 'activer-'],
  ['/compte', 'compte'],
];

/** Runs the HTML's inline script at `pathname` and returns the profile request it started, if any. */
function runEarlyScript(pathname: string, withConfig = true, elementIds: string[] = []) {
  const requests: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  const window: Record<string, unknown> = {};
  const document = { getElementById: (id: string) => (elementIds.includes(id) ? {} : null) };
  if (withConfig) window.__MEDAILLE_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' };
  const fetch = (url: string, init: { body: string; headers: Record<string, string> }) => {
    requests.push({ url, body: JSON.parse(init.body), headers: init.headers });
    return Promise.resolve(new Response('{}'));
  };
  runInNewContext(earlyProfileScript(), { window, document, location: { pathname }, fetch, JSON });
  return { requests, early: window.__MEDAILLE_EARLY_PROFILE__ as { code: string } | undefined };
}

describe('the scan path rule', () => {
  it('gives no code for an owner route or any path that is not one segment', () => {
    for (const path of [...OWNER_PATHS, ...OTHER_PATHS]) expect(scanCodeOf(path), path).toBeNull();
  });

  it('gives the decoded code of a one-segment path', () => {
    for (const [path, code] of SCAN_PATHS) expect(scanCodeOf(path), path).toBe(code);
  });

  it('builds edit paths that the portal route matches', () => {
    expect(editAnimalPath('abc')).toBe('/mon-compte/animal/abc');
    expect(scanCodeOf(editAnimalPath('abc'))).toBeNull();
  });
});

describe("the shell HTML's early profile request", () => {
  it('asks for the profile of a scan path, with the anon key, exactly once', () => {
    for (const [path, code] of SCAN_PATHS) {
      const { requests, early } = runEarlyScript(path);
      expect(requests, path).toEqual([
        {
          url: 'http://api.test/functions/v1/get_public_profile',
          body: { code },
          headers: { apikey: 'anon-key', authorization: 'Bearer anon-key', 'content-type': 'application/json' },
        },
      ]);
      expect(early?.code).toBe(code);
    }
  });

  it('sends nothing on an owner route or any other page (no visitor spends a rate limit there)', () => {
    for (const path of [...OWNER_PATHS, ...OTHER_PATHS]) expect(runEarlyScript(path).requests, path).toEqual([]);
  });

  it('sends nothing without the configuration', () => {
    expect(runEarlyScript('/MDL-DEMO-REX', false).requests).toEqual([]);
  });

  it('sends nothing on a page the host rendered with its profile (#medaille-scan-data)', () => {
    const { requests, early } = runEarlyScript('/MDL-DEMO-REX', true, [SCAN_DATA_ELEMENT_ID]);
    expect(requests).toEqual([]);
    expect(early).toBeUndefined();
  });
});
