// Projects created today get opaque API keys (sb_publishable_…, sb_secret_…), not JWTs: the gateway maps
// each to its role, so the front-ends and functions work with either kind of key.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newEmail, startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
};

describe('publishable and secret keys', () => {
  it('are printed-stable strings of the new form, not JWTs', () => {
    expect(stack.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{32}$/);
    expect(stack.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{32}$/);
  });

  it('let a browser client do what the anon key lets it: check a code, sign up, read nothing private', async () => {
    const browser = createClient(stack.url, stack.publishableKey, options);
    expect((await browser.rpc('code_status', { p_code: await stack.newCode() })).data).toBe('free');
    expect((await browser.from('animals').select('id')).error?.code).toBe('42501');
    const email = newEmail('publishable');
    expect((await browser.auth.signUp({ email, password: 'mot-de-passe-1' })).error).toBeNull();
  });

  it('let the scan page call the finder’s functions, whose gateway asks for no JWT', async () => {
    const response = await fetch(`${stack.url}/functions/v1/get_public_profile`, {
      method: 'POST',
      headers: {
        apikey: stack.publishableKey,
        authorization: `Bearer ${stack.publishableKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ code: 'MDL-DEMO-REX' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe('Rex');
    // verify_jwt = false (config.toml): no Authorization header at all is fine too.
    const keyOnly = await fetch(`${stack.url}/functions/v1/get_public_profile`, {
      method: 'POST',
      headers: { apikey: stack.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'MDL-DEMO-REX' }),
    });
    expect(keyOnly.status).toBe(200);
  });

  it('make the secret key act as the service role, and a publishable key never more than anon', async () => {
    const server = createClient(stack.url, stack.secretKey, options);
    expect((await server.from('codes').select('id').eq('id', 'MDL-DEMO-REX')).data).toEqual([{ id: 'MDL-DEMO-REX' }]);
    const posing = await fetch(`${stack.url}/rest/v1/codes?select=id`, {
      headers: { apikey: stack.publishableKey, authorization: `Bearer ${stack.secretKey}` },
    });
    expect(posing.status).toBe(401);
    const unknown = await fetch(`${stack.url}/rest/v1/codes?select=id`, {
      headers: { apikey: 'sb_publishable_not-a-key-of-this-project' },
    });
    expect(unknown.status).toBe(401);
  });

  it('stand in for the bearer token when none is sent: Supabase’s gateway gives Storage and GoTrue a JWT of the key’s role', async () => {
    const owner = await stack.signedInOwner('key-alone');
    const list = await fetch(`${stack.url}/storage/v1/object/list/animal-photos`, {
      method: 'POST',
      headers: { apikey: stack.secretKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '', limit: 1 }),
    });
    expect(list.status).toBe(200);
    const asSecret = await fetch(`${stack.url}/auth/v1/admin/users/${owner.userId}`, {
      headers: { apikey: stack.secretKey },
    });
    expect(asSecret.status).toBe(200);
    // The publishable key stands for anon, no admin; a legacy key alone is still no bearer token at all.
    const asPublishable = await fetch(`${stack.url}/auth/v1/admin/users/${owner.userId}`, {
      headers: { apikey: stack.publishableKey },
    });
    expect({ status: asPublishable.status, body: await asPublishable.json() }).toMatchObject({
      status: 403,
      body: { error_code: 'not_admin' },
    });
    const asAnonJwt = await fetch(`${stack.url}/auth/v1/admin/users/${owner.userId}`, {
      headers: { apikey: stack.anonKey },
    });
    expect(asAnonJwt.status).toBe(401);
  });

  it('refuse the secret key from a browser (hosted Supabase matches the User-Agent: 401), never the publishable one', async () => {
    const chrome =
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const owner = await stack.signedInOwner('secret-in-browser');
    const requests: [string, RequestInit][] = [
      [`/rest/v1/codes?select=id`, {}],
      [`/auth/v1/admin/users/${owner.userId}`, {}],
      [`/storage/v1/object/list/animal-photos`, { method: 'POST', body: JSON.stringify({ prefix: '' }) }],
      [`/functions/v1/get_public_profile`, { method: 'POST', body: JSON.stringify({ code: 'MDL-DEMO-REX' }) }],
    ];
    const statusOf = async (path: string, init: RequestInit, key: string, userAgent: string) => {
      const headers = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const response = await fetch(`${stack.url}${path}`, {
        ...init,
        headers: { ...headers, 'user-agent': userAgent },
      });
      return { path, status: response.status, body: response.status === 401 ? await response.json() : null };
    };
    for (const [path, init] of requests) {
      expect(await statusOf(path, init, stack.secretKey, chrome)).toEqual({
        path,
        status: 401,
        body: { message: 'Forbidden use of secret API key in browser' },
      });
      // The same request from a server (Node's fetch, Deno, curl) goes through.
      expect((await statusOf(path, init, stack.secretKey, 'node')).status).toBe(200);
    }
    const codeStatus = { method: 'POST', body: JSON.stringify({ p_code: 'MDL-X' }) };
    expect((await statusOf('/rest/v1/rpc/code_status', codeStatus, stack.publishableKey, chrome)).status).toBe(200);
  });
});
