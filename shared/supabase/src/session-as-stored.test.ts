// The rule a page decides on before supabase-js loads (docs/decisions/0022-auth-client-after-the-page.md)
// is supabase-js's own: checked here against supabase-js, over real HTTP to a server that records what it is asked.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_RENEWAL_MARGIN_S, storedSessionAsIs } from './session-as-stored.ts';
import { hasStoredSession, SESSION_STORAGE_KEY } from './stored-session.ts';

const asked: string[] = [];
// An auth service that refuses every renewal: a session supabase-js renews comes back null.
const server = createServer((request, response) => {
  asked.push(`${request.method} ${request.url}`);
  response.writeHead(400, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid Refresh Token' }));
});
let url = '';
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const storageWith = (stored: unknown) => {
  const values = new Map([[SESSION_STORAGE_KEY, JSON.stringify(stored)]]);
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
};

const sessionEnding = (inSeconds: number) => ({
  access_token: 'access',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + inSeconds,
  refresh_token: 'refresh',
  user: { id: '6f0c1e52-0000-4000-8000-000000000001', aud: 'authenticated', email: 'marie@exemple.fr' },
});

/** What supabase-js makes of the stored session: the access token it would send, and what it asked. */
async function supabaseJsTakes(stored: unknown) {
  asked.length = 0;
  const client = createClient(url, 'anon-key', {
    auth: {
      storage: storageWith(stored),
      storageKey: SESSION_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
  });
  const { data } = await client.auth.getSession();
  return { accessToken: data.session?.access_token ?? null, asked: [...asked] };
}

describe('a stored session is used as it is exactly when supabase-js uses it so', () => {
  it(`more than ${SESSION_RENEWAL_MARGIN_S} s from its end: as stored, nothing asked`, async () => {
    const stored = sessionEnding(SESSION_RENEWAL_MARGIN_S + 10);
    expect(storedSessionAsIs(JSON.stringify(stored), Date.now() / 1000)).toEqual(stored);
    expect(await supabaseJsTakes(stored)).toEqual({ accessToken: 'access', asked: [] });
  });

  it(`closer to its end: supabase-js renews it first, and the page waits for supabase-js`, async () => {
    const stored = sessionEnding(SESSION_RENEWAL_MARGIN_S - 10);
    expect(storedSessionAsIs(JSON.stringify(stored), Date.now() / 1000)).toBeNull();
    expect(hasStoredSession(storageWith(stored))).toBe(true);
    const taken = await supabaseJsTakes(stored);
    expect(taken.asked).toEqual(['POST /auth/v1/token?grant_type=refresh_token']);
  });

  it('a session without its tokens, its end or its user is none to use', () => {
    const whole = sessionEnding(3600);
    for (const part of ['access_token', 'refresh_token', 'expires_at', 'user'] as const) {
      const { [part]: _left, ...stored } = whole;
      expect(storedSessionAsIs(JSON.stringify(stored), Date.now() / 1000), part).toBeNull();
    }
    expect(
      storedSessionAsIs(JSON.stringify({ ...whole, expires_at: String(whole.expires_at) }), Date.now() / 1000),
    ).toBeNull();
    expect(storedSessionAsIs('not json', Date.now() / 1000)).toBeNull();
    expect(storedSessionAsIs(null, Date.now() / 1000)).toBeNull();
  });
});
