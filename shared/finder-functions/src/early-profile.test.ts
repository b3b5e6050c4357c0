import { runInNewContext } from 'node:vm';
import { PORTAL_ROUTES } from '@medaille/routing';
import { SCAN_DATA_COMING_ELEMENT_ID, SCAN_DATA_ELEMENT_ID } from '@medaille/scan-contract';
import { describe, expect, it } from 'vitest';
import { earlyProfileScript } from './early-profile.ts';

const OWNER_PATHS = PORTAL_ROUTES.map((route) => route.replace(':id', '6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69'));
const OTHER_PATHS = ['/', '/MDL-DEMO-REX/extra', '//'];
const SCAN_PATHS: [string, string][] = [
  ['/MDL-DEMO-REX', 'MDL-DEMO-REX'],
  ['/MDL-7KQ4-M9XP-3T/', 'MDL-7KQ4-M9XP-3T'],
  ['/MDL%2DDEMO', 'MDL-DEMO'],
];

/** Runs the HTML's inline script at `pathname` and returns the profile request it started, if any. */
function runEarlyScript(
  pathname: string,
  { supabaseUrl = 'http://api.test', withConfig = true, elementIds = [] as string[] } = {},
) {
  const requests: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  const window: Record<string, unknown> = {};
  const document = { getElementById: (id: string) => (elementIds.includes(id) ? {} : null) };
  if (withConfig) window.__MEDAILLE_CONFIG__ = { supabaseUrl, supabaseAnonKey: 'anon-key' };
  const fetch = (url: string, init: { body: string; headers: Record<string, string> }) => {
    requests.push({ url, body: JSON.parse(init.body), headers: init.headers });
    return Promise.resolve(new Response('{}'));
  };
  runInNewContext(earlyProfileScript(), { window, document, location: { pathname }, fetch, JSON, URL, Object });
  return { requests, early: window.__MEDAILLE_EARLY_PROFILE__ as { code: string } | undefined };
}

describe("the shell HTML's early profile request", () => {
  it('asks for the profile of a scan path, with the public key and nothing else, exactly once', () => {
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

  it('reaches the functions under a backend configured with a path or a trailing slash', () => {
    expect(runEarlyScript('/MDL-DEMO-REX', { supabaseUrl: 'https://host.test/api/' }).requests[0]?.url).toBe(
      'https://host.test/api/functions/v1/get_public_profile',
    );
    expect(runEarlyScript('/MDL-DEMO-REX', { supabaseUrl: 'https://host.test/api' }).requests[0]?.url).toBe(
      'https://host.test/api/functions/v1/get_public_profile',
    );
  });

  it('sends nothing on an owner route or any other page (no visitor spends a rate limit there)', () => {
    for (const path of [...OWNER_PATHS, ...OTHER_PATHS]) expect(runEarlyScript(path).requests, path).toEqual([]);
  });

  it('sends nothing without the configuration', () => {
    expect(runEarlyScript('/MDL-DEMO-REX', { withConfig: false }).requests).toEqual([]);
  });

  it('sends nothing on a page the host rendered with its profile (#medaille-scan-data)', () => {
    const { requests, early } = runEarlyScript('/MDL-DEMO-REX', { elementIds: [SCAN_DATA_ELEMENT_ID] });
    expect(requests).toEqual([]);
    expect(early).toBeUndefined();
  });

  it('sends nothing on a page whose profile the host is still streaming (#medaille-scan-data-coming)', () => {
    const { requests, early } = runEarlyScript('/MDL-DEMO-REX', { elementIds: [SCAN_DATA_COMING_ELEMENT_ID] });
    expect(requests).toEqual([]);
    expect(early).toBeUndefined();
  });
});
