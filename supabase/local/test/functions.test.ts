import { fileURLToPath } from 'node:url';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ functionsDir: fileURLToPath(new URL('fixtures/functions', import.meta.url)) });
});
afterAll(() => stack?.close());

describe('/functions/v1', () => {
  it('runs the function’s handler with the request as sent and the stack’s environment', async () => {
    const { data, error } = await stack.client().functions.invoke('echo', { body: { code: 'MDL-1' } });
    expect(error).toBeNull();
    expect(data).toEqual({
      method: 'POST',
      body: { code: 'MDL-1' },
      authorization: `Bearer ${stack.anonKey}`,
      supabaseUrl: stack.url,
    });
  });

  it('passes a signed-in caller’s token on', async () => {
    const owner = await stack.signedInOwner();
    const token = (await owner.client.auth.getSession()).data.session?.access_token;
    const { data } = await owner.client.functions.invoke('echo', { body: {} });
    expect(data.authorization).toBe(`Bearer ${token}`);
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
});
