// The finder's address, vouched for by the shell's host (docs/decisions/0009-client-identity-from-gateway.md,
// docs/decisions/0012-scan-page-server-rendered.md). The host calls get_public_profile and post_finder_message
// server-side on behalf of a finder; the functions' gateway then sees the host's address, and every finder would share
// one rate-limit bucket. So the host signs the address its own socket (or its own platform's gateway) saw, and the
// functions use it only when the signature, made with a secret that only the host and the functions hold, is right and
// fresh. A client cannot make such a header; a copied one is worth 60 s of one address. WebCrypto only: this runs in
// the functions (Deno), the host (Node, edge runtimes) and tests.
import { canonicalIpAddress } from './ip-address.ts';

/** The request header that carries the signed address from the host to the functions. */
export const FINDER_IDENTITY_HEADER = 'x-medaille-finder';

/**
 * The request header that carries the id of the host's request to the functions called on its behalf, so that
 * the host's log line and theirs can be put together (a UUID: the functions take nothing else in it).
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Seconds a signed address stays valid: enough for one request, short enough that a copied header soon dies. */
export const FINDER_IDENTITY_MAX_AGE_SECONDS = 60;

/** Seconds a signature may come from the future: the clock of the host and that of the functions differ a little. */
export const FINDER_IDENTITY_MAX_SKEW_SECONDS = 5;

const VERSION = 'v1';
/** Far more than any valid header (about 120 characters): longer ones are refused before any work. */
const MAX_HEADER_LENGTH = 256;
const MAC_BYTES = 32;

const utf8 = new TextEncoder();

/** The text the HMAC covers; `|` cannot occur in an IP address, so the pieces cannot shift. */
const signedText = (address: string, seconds: number) => utf8.encode(`${VERSION}|${address}|${seconds}`);

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The bytes of unpadded base64url text, or null unless it is exactly how `base64url` writes them. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  // Unused low bits of the last character must be zero: one header, one spelling.
  return base64url(bytes) === text ? bytes : null;
}

// Importing the key costs more than the HMAC itself; a function sees one secret, so the last one is kept.
// (The key's type by inference: CryptoKey is a global of the DOM and Deno, not of Node's types.)
type HmacKey = ReturnType<typeof crypto.subtle.importKey>;
let lastKey: { secret: string; key: HmacKey } | undefined;
function hmacKey(secret: string): HmacKey {
  if (lastKey?.secret !== secret) {
    const key = crypto.subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    lastKey = { secret, key };
  }
  return lastKey.key;
}

/**
 * The `x-medaille-finder` header vouching that the finder's address is `address` at `nowSeconds` (Unix seconds):
 * `v1.<address>.<seconds>.<mac>`, where `<address>` is the address's canonical text (canonicalIpAddress) in
 * unpadded base64url (IPv4 has dots and IPv6 colons; base64url has neither, so the four pieces split one way),
 * `<seconds>` is decimal, and `<mac>` is the unpadded base64url HMAC-SHA256, keyed with the UTF-8 bytes of
 * `secret`, of `v1|<canonical address>|<seconds>`. Throws a TypeError when `address` is not an IP address, the
 * secret is empty or the time is not a time: the caller's mistakes, which no finder should pay for silently.
 */
export async function signFinderIdentity(
  secret: string,
  address: string,
  nowSeconds: number = Date.now() / 1000,
): Promise<string> {
  if (!secret) throw new TypeError('signFinderIdentity: the secret is empty');
  const canonical = canonicalIpAddress(address);
  // The address is not repeated: it is a finder's personal data, and errors end up in logs.
  if (canonical === null) throw new TypeError('signFinderIdentity: the address is not an IPv4 or IPv6 address');
  if (!Number.isFinite(nowSeconds) || nowSeconds < 0) throw new TypeError('signFinderIdentity: bad time');
  const seconds = Math.floor(nowSeconds);
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), signedText(canonical, seconds));
  return [VERSION, base64url(utf8.encode(canonical)), seconds, base64url(new Uint8Array(mac))].join('.');
}

/**
 * The finder's address (canonical text) that `header` vouches for, or null: no secret or no header, a header not
 * exactly in signFinderIdentity's format, an address that is not an IP address in its canonical text, a signature
 * made with another secret or over other pieces, signed more than 60 s before `nowSeconds` or more than 5 s after.
 * The signature is checked by crypto.subtle.verify, which compares in constant time. Never throws.
 */
export async function verifiedFinderAddress(
  secret: string | null | undefined,
  header: string | null | undefined,
  nowSeconds: number = Date.now() / 1000,
): Promise<string | null> {
  if (!secret || !header || header.length > MAX_HEADER_LENGTH) return null;
  const pieces = header.split('.');
  if (pieces.length !== 4) return null;
  const [version, encodedAddress, secondsText, encodedMac] = pieces as [string, string, string, string];
  if (version !== VERSION || !/^(0|[1-9][0-9]{0,11})$/.test(secondsText)) return null;
  const seconds = Number(secondsText);
  // Written so that a NaN `nowSeconds` refuses too.
  if (!(nowSeconds - seconds <= FINDER_IDENTITY_MAX_AGE_SECONDS)) return null;
  if (!(seconds - nowSeconds <= FINDER_IDENTITY_MAX_SKEW_SECONDS)) return null;
  const addressBytes = fromBase64url(encodedAddress);
  const mac = fromBase64url(encodedMac);
  if (!addressBytes || mac?.length !== MAC_BYTES) return null;
  // Base64url of an IP address's text is ASCII; anything else fails to be an address below.
  const address = String.fromCharCode(...addressBytes);
  if (canonicalIpAddress(address) !== address) return null;
  try {
    const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), mac, signedText(address, seconds));
    return valid ? address : null;
  } catch {
    return null;
  }
}
