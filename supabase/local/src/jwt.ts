import { createECDH } from 'node:crypto';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  decodeProtectedHeader,
  errors,
  importJWK,
  type JWK,
  type JWTHeaderParameters,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { JwtClaims, Role } from './database/claims.ts';

export class JwtError extends Error {
  constructor(
    message: string,
    readonly expired: boolean,
  ) {
    super(message);
  }
}

/** Signs claims valid for `expiresInSeconds` from `issuedAt` (seconds since the epoch, now by default). */
type Sign = (claims: JwtClaims, expiresInSeconds: number, issuedAt?: number) => Promise<string>;

export interface Jwt {
  sign: Sign;
  /** The claims of a token signed by one of the project's keys, else a JwtError. */
  verify(token: string): Promise<JwtClaims>;
  /** What GoTrue publishes at /.well-known/jwks.json: the public signing keys, never the HMAC secret. */
  jwks(): { keys: JWK[] };
}

const seconds = () => Math.floor(Date.now() / 1000);

function signer(alg: 'HS256' | 'ES256', key: Uint8Array | CryptoKey, kid?: string): Sign {
  return (claims, expiresInSeconds, issuedAt = seconds()) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg, typ: 'JWT', ...(kid ? { kid } : {}) })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expiresInSeconds)
      .sign(key);
}

async function verifyWith(
  token: string,
  key: (header: JWTHeaderParameters) => Uint8Array | CryptoKey,
  algorithms: string[],
): Promise<JwtClaims> {
  try {
    const { payload } = await jwtVerify(token, (header) => key(header as JWTHeaderParameters), { algorithms });
    return payload as JwtClaims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtError('JWT expired', true);
    throw new JwtError(error instanceof Error ? error.message : 'invalid JWT', false);
  }
}

/** The legacy system alone: HS256 with the project's JWT secret, nothing published. */
export function createJwt(secret: string): Jwt {
  const key = new TextEncoder().encode(secret);
  return {
    sign: signer('HS256', key),
    verify: (token) => verifyWith(token, () => key, ['HS256']),
    jwks: () => ({ keys: [] }),
  };
}

/**
 * An ES256 signing key (P-256) from 32 secret bytes, its private scalar, and its id: the key's JWK thumbprint,
 * so that the same bytes always give the same `kid`.
 */
export async function es256SigningKey(secretBytes: Buffer) {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(secretBytes);
  const point = ecdh.getPublicKey(); // 0x04 ‖ x ‖ y
  const publicJwk: JWK = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    privateKey: (await importJWK({ ...publicJwk, d: secretBytes.toString('base64url') }, 'ES256')) as CryptoKey,
    publicKey: (await importJWK(publicJwk, 'ES256')) as CryptoKey,
    // As GoTrue publishes it: the public half only, for verifying.
    publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true } as JWK,
  };
}

/**
 * The JWT signing keys of a project that moved to asymmetric keys, as GoTrue runs it: user tokens are signed
 * with the ES256 key, `kid` in the header, and the JWKS lists its public half. The legacy JWT secret stays a
 * verification key (the legacy anon and service_role keys, and tokens issued before the move, are HS256): a
 * token is checked by its header's alg, an ES256 one only against the key its `kid` names.
 */
export function createSigningKeys(secret: string, signingKey: Awaited<ReturnType<typeof es256SigningKey>>): Jwt {
  const hmac = new TextEncoder().encode(secret);
  return {
    sign: signer('ES256', signingKey.privateKey, signingKey.kid),
    verify: (token) =>
      verifyWith(
        token,
        (header) => {
          if (header.alg === 'HS256') return hmac;
          if (header.kid === signingKey.kid) return signingKey.publicKey;
          throw new JwtError(`no signing key with kid ${header.kid ?? '(none)'}`, false);
        },
        ['HS256', 'ES256'],
      ),
    jwks: () => ({ keys: [signingKey.publicJwk] }),
  };
}

/** The algorithm a token's header names ('' when it is no JWT): Edge Functions' verify_jwt knows HS256 only. */
export function tokenAlgorithm(token: string): string {
  try {
    return decodeProtectedHeader(token).alg ?? '';
  } catch {
    return '';
  }
}

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
      if (known && !(typeof known.exp === 'number' && known.exp <= seconds())) return { ...known };
      verified.delete(token);
      const claims = await jwt.verify(token);
      if (verified.size >= size) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return { ...claims };
    },
  };
}

/** The role each opaque key stands for, as the API gateway maps it. */
export function opaqueKeyRoles(keys: { publishableKey: string; secretKey: string }): Map<string, Role> {
  return new Map<string, Role>([
    [keys.publishableKey, 'anon'],
    [keys.secretKey, 'service_role'],
  ]);
}
