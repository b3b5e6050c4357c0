// JWT signing keys as GoTrue runs them for a project on the new asymmetric keys: user tokens signed with an
// ES256 key named by `kid`, its public half at /auth/v1/.well-known/jwks.json, and the legacy JWT secret kept
// for verifying (the legacy API keys and tokens issued before the move). A legacy project (JWT_SIGNING=legacy)
// signs with the secret alone and publishes nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_JWT_SECRET } from '@medaille/supabase-project';
import { createClient } from '@supabase/supabase-js';
import { createLocalJWKSet, decodeProtectedHeader, generateKeyPair, type JWK, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.ts';
import { createJwt } from '../src/jwt.ts';
import { projectJwt } from '../src/keys.ts';
import { startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
let legacy: TestStack;
beforeAll(async () => {
  [stack, legacy] = await Promise.all([
    startTestStack({ jwtSigning: 'es256' }),
    startTestStack({ jwtSigning: 'legacy' }),
  ]);
});
afterAll(() => Promise.all([stack?.close(), legacy?.close()]));

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
};

async function accessTokenOf(of: TestStack) {
  const owner = await of.signedInOwner('signing');
  return { owner, token: (await owner.client.auth.getSession()).data.session?.access_token as string };
}

/** A supabase-js client that notes the path of every request it sends. */
function recordingClient(url: string, key: string) {
  const paths: string[] = [];
  const recording: typeof fetch = (input, init) => {
    paths.push(new URL(String(input)).pathname);
    return fetch(input, init);
  };
  return { paths, client: createClient(url, key, { ...options, global: { fetch: recording } }) };
}

const jwksOf = (of: TestStack) => fetch(`${of.url}/auth/v1/.well-known/jwks.json`);

describe('ES256 signing keys', () => {
  it('sign a session’s access token with ES256 and the kid of a key the JWKS lists, public half only', async () => {
    const { token } = await accessTokenOf(stack);
    const header = decodeProtectedHeader(token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    // GoTrue's JWKS route is open (the gateway's auth-v1-open-jwks: no apikey) and cacheable for ten minutes.
    const answer = await jwksOf(stack);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=600');
    const jwks = (await answer.json()) as { keys: JWK[] };
    // GoTrue never publishes the HMAC (oct) key, nor the private scalar.
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: header.kid, use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(jwks.keys.some((key) => key.kty === 'oct')).toBe(false);
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
    expect(payload).toMatchObject({ role: 'authenticated', aud: 'authenticated' });
  });

  it('let supabase-js getClaims verify a token against the JWKS, without asking GoTrue for the user', async () => {
    const { owner, token } = await accessTokenOf(stack);
    const { paths, client } = recordingClient(stack.url, stack.publishableKey);
    const { data, error } = await client.auth.getClaims(token);
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(owner.userId);
    expect(paths).toEqual(['/auth/v1/.well-known/jwks.json']);
    // A payload changed under the same signature is refused by the same check.
    const [head, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body as string, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url');
    const tampered = await client.auth.getClaims(`${head}.${edited}.${signature}`);
    expect(tampered.error?.message).toBe('Invalid JWT signature');
  });

  it('keep the legacy JWT secret for verifying: legacy API keys and HS256 user tokens still pass', async () => {
    const { owner } = await accessTokenOf(stack);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: owner.userId,
      role: 'authenticated' as const,
      aud: 'authenticated',
      iat: now,
      exp: now + 600,
    };
    const legacyToken = await createJwt(DEFAULT_JWT_SECRET).sign(claims, 600);
    const read = await fetch(`${stack.url}/rest/v1/animals?select=id`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${legacyToken}` },
    });
    expect(read.status).toBe(200);
  });

  it('refuse a token signed with another ES256 key, even under the kid the JWKS lists', async () => {
    const { owner, token } = await accessTokenOf(stack);
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ sub: owner.userId, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: decodeProtectedHeader(token).kid as string })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    const unknownKid = await new SignJWT({ sub: owner.userId, role: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256', kid: 'not-a-key-of-this-project' })
      .setExpirationTime('10m')
      .sign(privateKey);
    for (const bad of [forged, unknownKid]) {
      const answer = await fetch(`${stack.url}/rest/v1/animals?select=id`, {
        headers: { apikey: stack.publishableKey, authorization: `Bearer ${bad}` },
      });
      expect(answer.status).toBe(401);
    }
    const user = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.publishableKey, authorization: `Bearer ${forged}` },
    });
    expect(user.status).toBe(403);
  });

  it('are drawn once per data directory: the same key after a restart, another one elsewhere', async () => {
    const [one, two] = await Promise.all([
      mkdtemp(join(tmpdir(), 'medaille-keys-')),
      mkdtemp(join(tmpdir(), 'medaille-keys-')),
    ]);
    try {
      const kids = async (dataDir: string) => (await projectJwt(loadConfig({}, { dataDir }))).jwks().keys[0]?.kid;
      const first = await kids(one);
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await kids(one)).toBe(first);
      expect(await kids(two)).not.toBe(first);
    } finally {
      await Promise.all([rm(one, { recursive: true }), rm(two, { recursive: true })]);
    }
  });
});

describe('a legacy project (JWT_SIGNING=legacy)', () => {
  it('signs user tokens with HS256 and the JWT secret, and its JWKS lists no key', async () => {
    const { token } = await accessTokenOf(legacy);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await (await jwksOf(legacy)).json()).toEqual({ keys: [] });
    // getClaims then falls back to asking GoTrue for the user (GET /auth/v1/user).
    const { paths, client } = recordingClient(legacy.url, legacy.anonKey);
    expect((await client.auth.getClaims(token)).error).toBeNull();
    expect(paths).toEqual(['/auth/v1/user']);
  });
});

describe('legacy API keys turned off (LEGACY_API_KEYS=disabled)', () => {
  it('refuses the anon and service_role JWTs as API keys, as hosted Supabase does, and the functions still work with the secret key', async () => {
    const off = await startTestStack({ legacyApiKeysDisabled: true });
    try {
      for (const key of [off.anonKey, off.serviceRoleKey]) {
        const answer = await fetch(`${off.url}/rest/v1/codes?select=id`, { headers: { apikey: key } });
        expect({ status: answer.status, body: await answer.json() }).toEqual({
          status: 401,
          body: { message: 'Legacy API keys are disabled' },
        });
      }
      // The functions are still given SUPABASE_SERVICE_ROLE_KEY, as hosted ones are, but read the secret key first.
      const { data, error } = await off
        .client()
        .functions.invoke('get_public_profile', { body: { code: 'MDL-DEMO-REX' } });
      expect(error).toBeNull();
      expect(data.name).toBe('Rex');
      // A legacy JWT as the bearer token is not revoked by it.
      const asBearer = await fetch(`${off.url}/rest/v1/codes?select=id&id=eq.MDL-DEMO-REX`, {
        headers: { apikey: off.publishableKey, authorization: `Bearer ${off.serviceRoleKey}` },
      });
      expect(await asBearer.json()).toEqual([{ id: 'MDL-DEMO-REX' }]);
    } finally {
      await off.close();
    }
  });
});
