// /object/sign: signed download URLs, as Supabase Storage makes and serves them (src/storage/object.ts's
// signObjectUrl, signObjectUrls and verifyObjectSignature; src/http/routes/object/getSignedURL.ts,
// getSignedURLs.ts and getSignedObject.ts). Signing needs the caller to see the object under the bucket's
// policies; the URL then serves it to anyone holding it, until it expires, without asking who they are.
import type { Context, Hono } from 'hono';
import { SignJWT } from 'jose';
import type { JwtClaims } from '../database/claims.ts';
import type { StackEnv } from '../http/gateway.ts';
import { JwtError } from '../jwt.ts';
import type { StorageContext } from './context.ts';
import { download } from './download.ts';
import { invalidRequest, noSuchKey, StorageError } from './errors.ts';
import { checkKey, objectNameOf } from './object-names.ts';
import { expiresTooLate, parseSignManyRequest, parseSignRequest } from './sign-request.ts';

/** The `scope` claim of a download token: Storage's SIGNED_URL_SCOPE_DOWNLOAD (src/internal/auth/jwt.ts). */
const DOWNLOAD_SCOPE = 'download';

export interface UrlSigning {
  /**
   * The key Storage signs URLs with: the tenant's `urlSigningKey` when its JWKS has one, else its JWT secret
   * (getJwtSecret in src/internal/database/tenant.ts). The local stack has no JWKS of URL keys: the secret.
   */
  secret: string;
  /** Storage verifies a URL's token with the JWT secret and the project's JWKS, as it verifies a caller's. */
  verify(token: string): Promise<JwtClaims>;
}

const invalidParameter = (name: string) =>
  new StorageError('400', 'InvalidParameter', `Invalid Parameter ${name}`, 'InvalidParameter');
const invalidJwt = (message: string) => new StorageError('400', 'InvalidJWT', message, 'InvalidJWT');
const invalidSignature = (message = 'Invalid signature') =>
  new StorageError('400', 'InvalidSignature', message, 'InvalidSignature');

export function signedRoutes(app: Hono<StackEnv>, ctx: StorageContext, signing: UrlSigning) {
  const key = new TextEncoder().encode(signing.secret);

  /** As Storage's signJWT: HS256, `iat` now and `exp` expiresIn seconds later, `url` the bucket and name. */
  const tokenFor = (url: string, expiresIn: number) =>
    new SignJWT({ url, scope: DOWNLOAD_SCOPE })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${expiresIn}s`)
      .sign(key);

  const signedUrl = async (bucketId: string, name: string, expiresIn: number) => {
    const url = `${bucketId}/${name}`;
    return `/object/sign/${url}?token=${await tokenFor(url, expiresIn)}`;
  };

  const expiresInOf = <T extends { expiresIn: number }>(input: T | string): T => {
    if (typeof input === 'string') throw invalidRequest(input);
    if (expiresTooLate(input.expiresIn)) throw invalidParameter('expiresIn');
    return input;
  };

  app.post('/object/sign/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    const { expiresIn, paths } = expiresInOf(parseSignManyRequest(await c.req.text()));
    // Storage's findObjects under the caller's role: the names the policies let them see.
    // No stored key holds a NUL, and no Postgres text can: such a path is one that does not exist.
    const storable = paths.filter((path) => !path.includes('\u0000'));
    const seen = await ctx.asCaller(c, 'storage.object.sign_many', async (tx) => {
      const found = await tx.query<{ name: string }>(
        `select name from storage.objects
          where bucket_id = $1 and name = any(array(select json_array_elements_text($2::json)))`,
        [bucketId, JSON.stringify(storable)],
      );
      return new Set(found.rows.map((row) => row.name));
    });
    const signed = await Promise.all(
      paths.map(async (path) =>
        seen.has(path)
          ? { error: null, path, signedURL: await signedUrl(bucketId, path, expiresIn) }
          : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
      ),
    );
    return c.json(signed);
  });

  app.post('/object/sign/:bucket/*', async (c) => {
    const bucketId = c.req.param('bucket');
    const name = objectNameOf(c);
    const { expiresIn } = expiresInOf(parseSignRequest(await c.req.text()));
    if (name.includes('\u0000')) throw noSuchKey();
    // Storage's findObject under the caller's role: an object they cannot see is one that does not exist.
    const found = await ctx.asCaller(c, 'storage.object.sign', async (tx) =>
      tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]),
    );
    if (found.rows.length === 0) throw noSuchKey();
    return c.json({ signedURL: await signedUrl(bucketId, name, expiresIn) });
  });

  app.get('/object/sign/:bucket/*', async (c: Context<StackEnv>) => {
    const bucketId = c.req.param('bucket') as string;
    const name = objectNameOf(c);
    const token = c.req.query('token');
    if (token === undefined) throw invalidRequest("querystring must have required property 'token'");
    const { exp } = await verifyDownloadToken(signing, token, `${bucketId}/${name}`);
    // The token named this very object, which its signer could see: the key is one an upload stored.
    checkKey(name);
    return download(ctx, c, {
      bucketId,
      name,
      asCaller: false,
      signed: { expires: new Date(exp * 1000).toUTCString() },
    });
  });
}

/** Storage's verifyObjectSignature for a download: signature, scope, object, then expiry. */
async function verifyDownloadToken(signing: UrlSigning, token: string, url: string): Promise<{ exp: number }> {
  let payload: JwtClaims & { url?: unknown; scope?: unknown; upsert?: unknown };
  try {
    payload = await signing.verify(token);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    // Storage's verifyJWT is jose's jwtVerify: an expired token is refused there, with jose's message.
    throw invalidJwt(error.expired ? '"exp" claim timestamp check failed' : error.message);
  }
  // isDownloadScopedToken: scoped for downloads, or a legacy token without scope that is no upload's.
  const forDownload = payload.scope === DOWNLOAD_SCOPE || (payload.scope === undefined && !('upsert' in payload));
  if (!forDownload) throw invalidSignature(`Token is not scoped for ${DOWNLOAD_SCOPE}`);
  if (payload.url !== url) throw invalidSignature();
  // Stricter than Storage in one way: a token without `exp` (none that Storage signs) is taken as expired, where
  // Storage's `payload.exp * 1000 < Date.now()` is false for it and lets it through for ever.
  const exp = typeof payload.exp === 'number' ? payload.exp : Number.NaN;
  if (!(exp * 1000 >= Date.now())) {
    throw new StorageError('400', 'ExpiredToken', 'The provided token has expired.', 'ExpiredToken');
  }
  return { exp };
}
