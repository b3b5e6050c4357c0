// The functions on either system of API keys, as hosted Supabase gives them: the new ones as JSON by name
// (SUPABASE_SECRET_KEYS, SUPABASE_PUBLISHABLE_KEYS), the legacy JWTs (SUPABASE_SERVICE_ROLE_KEY,
// SUPABASE_ANON_KEY), or both. A secret key is no JWT: it goes as `apikey` only, never as a Bearer token.
// The handlers run here against the stack through a recording relay over real HTTP, to see what they send.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FunctionEnv, publishableKey, secretKey } from '../../functions/_shared/env.ts';
import deleteAccount from '../../functions/delete-account/handler.ts';
import getPublicProfile from '../../functions/get_public_profile/handler.ts';

let stack: TestStack;
let relay: { url: string; sent: { method: string; path: string; apikey: string; authorization: string }[] };
let closeRelay: () => Promise<void>;

beforeAll(async () => {
  stack = await startTestStack();
  const sent: (typeof relay)['sent'] = [];
  const server = createServer(async (request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) {
        headers.set(name, value);
      }
    }
    sent.push({
      method: request.method ?? '',
      path: (request.url ?? '').split('?')[0] as string,
      apikey: headers.get('apikey') ?? '',
      authorization: headers.get('authorization') ?? '',
    });
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await buffer(request);
    const answer = await fetch(`${stack.url}${request.url}`, { method: request.method, headers, body });
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent };
  closeRelay = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await closeRelay?.();
  await stack?.close();
});

const newKeysOnly = (): FunctionEnv => ({
  SUPABASE_URL: relay.url,
  SUPABASE_SECRET_KEYS: JSON.stringify({ default: stack.secretKey }),
  SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: stack.publishableKey }),
});

const legacyKeysOnly = (): FunctionEnv => ({
  SUPABASE_URL: relay.url,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  SUPABASE_ANON_KEY: stack.anonKey,
});

const profileRequest = () =>
  new Request('http://functions.local/get_public_profile', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.7' },
    body: JSON.stringify({ code: 'MDL-DEMO-REX' }),
  });

describe('the functions’ API keys', () => {
  it('work with the new keys alone, and send the secret key as apikey only, never as a Bearer token', async () => {
    relay.sent.length = 0;
    const profile = await getPublicProfile(profileRequest(), newKeysOnly());
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { name: string }).name).toBe('Rex');

    // delete-account: the caller's token to PostgREST, then Storage and GoTrue's admin API with the secret key.
    const owner = await stack.signedInOwner('new-keys');
    const token = (await owner.client.auth.getSession()).data.session?.access_token as string;
    const deleted = await deleteAccount(
      new Request('http://functions.local/delete-account', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ email: owner.email }),
      }),
      newKeysOnly(),
    );
    expect({ status: deleted.status, body: await deleted.json() }).toEqual({ status: 200, body: { deleted: true } });
    const again = await stack.client().auth.signInWithPassword({ email: owner.email, password: owner.password });
    expect(again.error?.message).toBe('Invalid login credentials');

    const withSecret = relay.sent.filter((request) => request.apikey === stack.secretKey);
    expect(withSecret.map((request) => request.path)).toEqual(
      expect.arrayContaining(['/rest/v1/rpc/public_profile_for_client', `/auth/v1/admin/users/${owner.userId}`]),
    );
    expect(withSecret.map((request) => request.authorization)).toEqual(withSecret.map(() => ''));
    expect(relay.sent.filter((request) => request.authorization.includes('sb_'))).toEqual([]);
    // The caller, who sent no key of their own, is passed on with the publishable key.
    expect(relay.sent).toContainEqual({
      method: 'POST',
      path: '/rest/v1/rpc/delete_my_account_data',
      apikey: stack.publishableKey,
      authorization: `Bearer ${token}`,
    });
  });

  it('work with the legacy keys alone, the service_role JWT as apikey and Bearer token as supabase-js sends it', async () => {
    relay.sent.length = 0;
    const profile = await getPublicProfile(profileRequest(), legacyKeysOnly());
    expect(profile.status).toBe(200);
    expect(relay.sent.filter((request) => request.apikey === stack.serviceRoleKey)).toContainEqual({
      method: 'POST',
      path: '/rest/v1/rpc/public_profile_for_client',
      apikey: stack.serviceRoleKey,
      authorization: `Bearer ${stack.serviceRoleKey}`,
    });
  });

  it('prefer the new keys when both kinds are set, as hosted projects have both', () => {
    const both = { ...legacyKeysOnly(), ...newKeysOnly() };
    expect(secretKey(both)).toBe(stack.secretKey);
    expect(publishableKey(both)).toBe(stack.publishableKey);
    expect(secretKey(legacyKeysOnly())).toBe(stack.serviceRoleKey);
    expect(publishableKey(legacyKeysOnly())).toBe(stack.anonKey);
  });

  it('say which variable is wrong when a key variable is no JSON of keys, or when there is no secret key at all', () => {
    const url = { SUPABASE_URL: 'http://127.0.0.1:1' };
    expect(() => secretKey({ ...url, SUPABASE_SECRET_KEYS: 'sb_secret_abc' })).toThrow(
      /SUPABASE_SECRET_KEYS is not JSON/,
    );
    expect(() => secretKey({ ...url, SUPABASE_SECRET_KEYS: '["sb_secret_abc"]' })).toThrow(
      /SUPABASE_SECRET_KEYS is not a JSON object/,
    );
    expect(() => publishableKey({ ...url, SUPABASE_PUBLISHABLE_KEYS: '{"default": 42}' })).toThrow(
      /SUPABASE_PUBLISHABLE_KEYS's "default" key/,
    );
    expect(() => secretKey(url)).toThrow(/Neither SUPABASE_SECRET_KEYS nor SUPABASE_SERVICE_ROLE_KEY is set/);
    expect(publishableKey(url)).toBeUndefined();
  });
});
