// The inline script that asks an owner's page's data early (src/early-data.ts), run as the browser runs it: its
// text, in a scope of Node's own (node:vm), with the test's local storage, configuration and fetch.
import { runInNewContext } from 'node:vm';
import { SESSION_STORAGE_KEY } from '@medaille/supabase/stored-session';
import { describe, expect, it } from 'vitest';
import { earlyDataScript } from '../src/early-data.ts';

const CONFIG = { supabaseUrl: 'https://project.supabase.test/', supabaseAnonKey: 'sb_publishable_x' };
const READS = ['/rest/v1/animals?select=id&order=date_creation.desc', '/rest/v1/animal_members?user_id=eq.{user}'];

const session = (endsIn: number, user = '6f0c1e52-aaaa-4bbb-8ccc-000000000001') =>
  JSON.stringify({
    access_token: 'token',
    refresh_token: 'refresh',
    expires_at: Math.floor(Date.now() / 1000) + endsIn,
    user: { id: user },
  });

/** What the script asked (address and Authorization header), and what it left for the portal. */
function run(stored: string | null) {
  const asked: { url: string; authorization: string }[] = [];
  // The page's global object, which is its window too.
  const window: Record<string, unknown> = {
    __MEDAILLE_CONFIG__: CONFIG,
    localStorage: { getItem: (key: string) => (key === SESSION_STORAGE_KEY ? stored : null) },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      asked.push({ url, authorization: init.headers.Authorization ?? '' });
      return Promise.resolve(new Response('[]'));
    },
    setTimeout: () => 0,
    Intl,
    Date,
    JSON,
  };
  window.window = window;
  runInNewContext(earlyDataScript(READS), window);
  return { asked, left: window.__MEDAILLE_EARLY_DATA__ as { user: string } | undefined };
}

describe("an owner's page asks for its data in its HTML", () => {
  it('with a session supabase-js uses as stored: each read, with its token, the person put in', () => {
    const { asked, left } = run(session(3600));
    expect(asked).toEqual([
      { url: `https://project.supabase.test${READS[0]}`, authorization: 'Bearer token' },
      {
        url: 'https://project.supabase.test/rest/v1/animal_members?user_id=eq.6f0c1e52-aaaa-4bbb-8ccc-000000000001',
        authorization: 'Bearer token',
      },
    ]);
    expect(left?.user).toBe('6f0c1e52-aaaa-4bbb-8ccc-000000000001');
  });

  it('nothing with a session supabase-js renews first, none, or a person whose id is no plain id', () => {
    for (const stored of [session(60), null, 'not json', session(3600, 'x&select=*')]) {
      expect(run(stored), String(stored)).toEqual({ asked: [], left: undefined });
    }
  });
});
