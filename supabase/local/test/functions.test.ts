import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({
    functionsDir: fileURLToPath(new URL('fixtures/functions', import.meta.url)),
    publicFunctions: ['echo-public', 'relay'],
  });
});
afterAll(() => stack?.close());

describe('/functions/v1', () => {
  it('runs the function’s handler with the request as sent and the stack’s environment', async () => {
    const { data, error } = await stack.client().functions.invoke('echo-public', { body: { code: 'MDL-1' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      body: { code: 'MDL-1' },
      // supabase-js sends a publishable key as apikey only (it is no JWT), a legacy anon key as the bearer too.
      authorization: stack.jwtSigning === 'legacy' ? `Bearer ${stack.anonKey}` : null,
      supabaseUrl: stack.url,
    });
  });

  it('gives the functions the API keys as hosted Supabase does: the new ones as JSON by name, and the legacy JWTs', async () => {
    const { data } = await stack.client().functions.invoke('echo-public', { body: {} });
    expect(data.keys).toEqual(
      stack.jwtSigning === 'legacy'
        ? { publishable: null, secret: null, anon: stack.anonKey, serviceRole: stack.serviceRoleKey }
        : {
            publishable: JSON.stringify({ default: stack.publishableKey }),
            secret: JSON.stringify({ default: stack.secretKey }),
            anon: stack.anonKey,
            serviceRole: stack.serviceRoleKey,
          },
    );
  });

  it('passes a signed-in caller’s token on', async () => {
    const owner = await stack.signedInOwner();
    const token = (await owner.client.auth.getSession()).data.session?.access_token;
    const { data } = await owner.client.functions.invoke('echo-public', { body: {} });
    expect(data.authorization).toBe(`Bearer ${token}`);
  });

  it('with verify_jwt on, lets a legacy JWT through but refuses a user token of the new ES256 keys, as Edge Functions do', async () => {
    const legacyClient = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    expect((await legacyClient.functions.invoke('echo', { body: {} })).error).toBeNull();
    const owner = await stack.signedInOwner();
    const answer = await owner.client.functions.invoke('echo', { body: {} });
    // The check knows the legacy JWT secret only: "Invalid JWT" for an asymmetric token, which is why the
    // project's functions run with verify_jwt = false and check their caller themselves.
    expect(answer.response?.status).toBe(stack.jwtSigning === 'legacy' ? 200 : 401);
  });

  it('answers the browser’s preflight with CORS headers', async () => {
    const response = await fetch(`${stack.url}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:3001',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('says which function is missing, and refuses a forged token before running anything', async () => {
    const missing = await stack.client().functions.invoke('nope', { body: {} });
    expect(missing.error).toBeInstanceOf(FunctionsHttpError);
    expect(missing.response?.status).toBe(404);
    const forged = await fetch(`${stack.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: 'Bearer not.a.jwt' },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('with verify_jwt on (the default), refuses a publishable key as the bearer: it is no JWT', async () => {
    const answer = await fetch(`${stack.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { apikey: stack.publishableKey, authorization: `Bearer ${stack.publishableKey}` },
      body: '{}',
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('gives a function the global fetch of the platform: its calls to the stack pass the gateway, others go out', async () => {
    const relay = async (url: string, headers?: Record<string, string>) => {
      const { data, error } = await stack.client().functions.invoke('relay', { body: { url, headers } });
      expect(error).toBeNull();
      return data as { status: number; body: string };
    };
    // Back to the stack: the gateway checks the key as for any caller.
    expect((await relay(`${stack.url}/rest/v1/codes?select=id`, { apikey: 'not-a-key' })).status).toBe(401);
    const served = await relay(`${stack.url}/rest/v1/codes?select=id&limit=1`, { apikey: stack.serverKey });
    expect(served.status).toBe(200);
    // Elsewhere: out through the network, as on the Edge Runtime.
    const outside = createServer((_, response) => response.end('from outside'));
    await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = outside.address() as AddressInfo;
      expect(await relay(`http://127.0.0.1:${port}/`)).toEqual({ status: 200, body: 'from outside' });
    } finally {
      outside.close();
    }
  });
});
