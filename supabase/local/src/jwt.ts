import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { JwtClaims, Role } from './database/claims.ts';

export class JwtError extends Error {
  constructor(
    message: string,
    readonly expired: boolean,
  ) {
    super(message);
  }
}

export function createJwt(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    /** Signs claims valid for `expiresInSeconds` from `issuedAt` (seconds since the epoch, now by default). */
    sign(claims: JwtClaims, expiresInSeconds: number, issuedAt = Math.floor(Date.now() / 1000)): Promise<string> {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + expiresInSeconds)
        .sign(key);
    },
    async verify(token: string): Promise<JwtClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return payload as JwtClaims;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new JwtError('JWT expired', true);
        throw new JwtError(error instanceof Error ? error.message : 'invalid JWT', false);
      }
    },
  };
}

export type Jwt = ReturnType<typeof createJwt>;

/**
 * The gateway sees the same few tokens over and over (both API keys, on every request; a user's access token,
 * on each of theirs). A token whose signature was verified once stays good until it expires, so its claims
 * are kept (at most `size` tokens) instead of recomputing its HMAC, a WebCrypto job on the thread pool each
 * time. An expired token goes back to `jwt.verify`, which refuses it as before.
 */
export function rememberingVerifiedTokens(jwt: Jwt, size = 1000): Jwt {
  const verified = new Map<string, JwtClaims>();
  return {
    ...jwt,
    async verify(token) {
      const known = verified.get(token);
      // jose's own test: expired once `exp` <= now, in whole seconds.
      if (known && !(typeof known.exp === 'number' && known.exp <= Math.floor(Date.now() / 1000))) return { ...known };
      verified.delete(token);
      const claims = await jwt.verify(token);
      if (verified.size >= size) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return { ...claims };
    },
  };
}

/**
 * A Supabase project's API keys: the legacy ones, long-lived JWTs whose role is anon or service_role
 * (issued at a fixed date so that the same secret always gives the same keys), and the new ones, opaque
 * `sb_publishable_…` and `sb_secret_…` strings that stand for the same roles (derived from the secret, so
 * they are stable too).
 */
export async function apiKeys(jwt: Jwt, secret: string) {
  const issuedAt = Date.UTC(2026, 0, 1) / 1000;
  const tenYears = 10 * 365 * 24 * 3600;
  const opaque = (kind: string) => createHmac('sha256', secret).update(kind).digest('base64url').slice(0, 32);
  return {
    anonKey: await jwt.sign({ role: 'anon', iss: 'supabase-local' }, tenYears, issuedAt),
    serviceRoleKey: await jwt.sign({ role: 'service_role', iss: 'supabase-local' }, tenYears, issuedAt),
    publishableKey: `sb_publishable_${opaque('publishable')}`,
    secretKey: `sb_secret_${opaque('secret')}`,
  };
}

/** The role each opaque key stands for, as the API gateway maps it. */
export function opaqueKeyRoles(keys: { publishableKey: string; secretKey: string }): Map<string, Role> {
  return new Map<string, Role>([
    [keys.publishableKey, 'anon'],
    [keys.secretKey, 'service_role'],
  ]);
}
