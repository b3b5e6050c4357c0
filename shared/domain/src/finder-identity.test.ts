// The finder identity header as an attacker tries it: without the secret, no header they write or change names
// an address; an old or future one, or one signed with another secret, names none either.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signFinderIdentity, verifiedFinderAddress } from './finder-identity.ts';
import { canonicalIpAddress } from './ip-address.ts';

const SECRET = 'un-secret-que-seuls-le-host-et-les-fonctions-connaissent';
const NOW = 1_795_000_000;

const secrets = fc.string({ minLength: 1, maxLength: 64 });
const addresses = fc.oneof(fc.ipV4(), fc.ipV6());
// Unix seconds up to the year 2242.
const times = fc.integer({ min: 0, max: 2 ** 33 });

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/**
 * A header with a right HMAC over whatever pieces the test chooses, as only a holder of the secret could make:
 * what it proves refused is refused for its form, not for its signature.
 */
async function signedByHand(secret: string, address: string, seconds: string, addressPiece = address) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`v1|${address}|${seconds}`));
  return `v1.${addressPiece}.${seconds}.${base64url(new Uint8Array(mac))}`;
}
const piece = (text: string) => base64url(new TextEncoder().encode(text));

describe('a signed finder identity', () => {
  it('names the signed address, in its canonical text, from the moment it is signed until 60 s later', async () => {
    await fc.assert(
      fc.asyncProperty(
        secrets,
        addresses,
        times,
        fc.integer({ min: 0, max: 60 }),
        async (secret, address, now, age) => {
          const header = await signFinderIdentity(secret, address, now);
          expect(await verifiedFinderAddress(secret, header, now + age)).toBe(canonicalIpAddress(address));
        },
      ),
    );
  });

  it('is still good 5 s before it was signed (clocks differ a little), not 6 s', async () => {
    const header = await signFinderIdentity(SECRET, '192.0.2.10', NOW);
    expect(await verifiedFinderAddress(SECRET, header, NOW - 5)).toBe('192.0.2.10');
    expect(await verifiedFinderAddress(SECRET, header, NOW - 5.5)).toBeNull();
    expect(await verifiedFinderAddress(SECRET, header, NOW - 6)).toBeNull();
  });

  it('names nothing more than 60 s after it was signed, nor more than 5 s before', async () => {
    await fc.assert(
      fc.asyncProperty(addresses, times, fc.integer({ min: 1, max: 2 ** 40 }), async (address, now, beyond) => {
        const header = await signFinderIdentity(SECRET, address, now);
        expect(await verifiedFinderAddress(SECRET, header, now + 60 + beyond)).toBeNull();
        expect(await verifiedFinderAddress(SECRET, header, now - 5 - beyond)).toBeNull();
      }),
    );
  });

  it('keeps the four pieces of its format apart for IPv4 (dots) and IPv6 (colons) alike', async () => {
    await fc.assert(
      fc.asyncProperty(addresses, times, async (address, now) => {
        const header = await signFinderIdentity(SECRET, address, now);
        expect(header).toMatch(/^v1\.[A-Za-z0-9_-]+\.(0|[1-9][0-9]*)\.[A-Za-z0-9_-]{43}$/);
        const [, addressPiece, seconds] = header.split('.');
        expect(atob((addressPiece as string).replaceAll('-', '+').replaceAll('_', '/'))).toBe(
          canonicalIpAddress(address),
        );
        expect(seconds).toBe(String(now));
      }),
    );
  });

  it('names one address for every spelling of it', async () => {
    for (const spelling of ['192.0.2.7', '::ffff:192.0.2.7', '::FFFF:C000:207']) {
      const header = await signFinderIdentity(SECRET, spelling, NOW);
      expect(await verifiedFinderAddress(SECRET, header, NOW)).toBe('192.0.2.7');
    }
    const header = await signFinderIdentity(SECRET, '2001:0DB8:0000::0001', NOW);
    expect(await verifiedFinderAddress(SECRET, header, NOW)).toBe('2001:db8::1');
  });
});

describe('a header that is not the signed one', () => {
  it('names nothing when checked with another secret', async () => {
    await fc.assert(
      fc.asyncProperty(secrets, secrets, addresses, async (secret, other, address) => {
        fc.pre(secret !== other);
        const header = await signFinderIdentity(secret, address, NOW);
        expect(await verifiedFinderAddress(other, header, NOW)).toBeNull();
      }),
    );
  });

  it('names nothing when any one character of it is changed', async () => {
    const alphabet = 'ABCXYZabcxyz0123456789-_.v=+/:% ';
    await fc.assert(
      fc.asyncProperty(addresses, fc.nat(), fc.constantFrom(...alphabet), async (address, at, replacement) => {
        const header = await signFinderIdentity(SECRET, address, NOW);
        const index = at % header.length;
        fc.pre(header[index] !== replacement);
        const changed = header.slice(0, index) + replacement + header.slice(index + 1);
        expect(await verifiedFinderAddress(SECRET, changed, NOW)).toBeNull();
      }),
    );
  });

  it("names nothing when its pieces come from two signed headers (one address, the other's signature)", async () => {
    const [one, other] = await Promise.all([
      signFinderIdentity(SECRET, '192.0.2.1', NOW),
      signFinderIdentity(SECRET, '192.0.2.2', NOW),
    ]);
    const [version, , seconds, mac] = one.split('.');
    const [, otherAddress] = other.split('.');
    expect(await verifiedFinderAddress(SECRET, [version, otherAddress, seconds, mac].join('.'), NOW)).toBeNull();
    // An older signature given a newer time.
    const older = await signFinderIdentity(SECRET, '192.0.2.1', NOW - 120);
    const [, olderAddress, , olderMac] = older.split('.');
    expect(await verifiedFinderAddress(SECRET, ['v1', olderAddress, NOW, olderMac].join('.'), NOW)).toBeNull();
  });

  it('names nothing, and never throws, whatever text it is', async () => {
    const pieces = fc.constantFrom('v1', 'v2', '', '0', String(NOW), piece('192.0.2.1'), piece('::1'), 'A'.repeat(43));
    const headerLike = fc.array(pieces, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('.'));
    const headerCharacter = fc.constantFrom(...'v1.ABCXYZabcxyz0123456789-_=+/: %'.split(''));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: headerCharacter }), headerLike), async (text) => {
        expect(await verifiedFinderAddress(SECRET, text, NOW)).toBeNull();
      }),
    );
  });

  it('names nothing when its form is wrong, even under a right signature', async () => {
    const refused = [
      // Not an IP address, or not in its canonical text (a second spelling would be a second bucket).
      await signedByHand(SECRET, 'localhost', String(NOW), piece('localhost')),
      await signedByHand(SECRET, '2001:DB8::1', String(NOW), piece('2001:DB8::1')),
      await signedByHand(SECRET, '::ffff:192.0.2.1', String(NOW), piece('::ffff:192.0.2.1')),
      await signedByHand(SECRET, '192.0.2.1 ', String(NOW), piece('192.0.2.1 ')),
      await signedByHand(SECRET, '', String(NOW), ''),
      // The address as is, not in base64url: its dots would be the format's.
      await signedByHand(SECRET, '192.0.2.1', String(NOW), '192.0.2.1'),
      await signedByHand(SECRET, '::1', String(NOW), '::1'),
      // Padding, or a second base64 spelling of the same bytes.
      await signedByHand(SECRET, '::1', String(NOW), `${piece('::1')}=`),
      await signedByHand(SECRET, '192.0.2.1', String(NOW), `${piece('192.0.2.1').slice(0, -1)}R`),
      // The time with a sign, a leading zero, a fraction or an exponent.
      await signedByHand(SECRET, '192.0.2.1', `+${NOW}`, piece('192.0.2.1')),
      await signedByHand(SECRET, '192.0.2.1', `0${NOW}`, piece('192.0.2.1')),
      await signedByHand(SECRET, '192.0.2.1', `${NOW}.0`, piece('192.0.2.1')),
      await signedByHand(SECRET, '192.0.2.1', '1.795e9', piece('192.0.2.1')),
    ];
    for (const header of refused) expect(await verifiedFinderAddress(SECRET, header, NOW), header).toBeNull();
    // The same hand makes a header that is accepted when its form is right.
    expect(
      await verifiedFinderAddress(
        SECRET,
        await signedByHand(SECRET, '192.0.2.1', String(NOW), piece('192.0.2.1')),
        NOW,
      ),
    ).toBe('192.0.2.1');
  });

  it('names nothing, even signed, where the secret is missing', async () => {
    const header = await signFinderIdentity(SECRET, '192.0.2.1', NOW);
    for (const missing of ['', null, undefined]) expect(await verifiedFinderAddress(missing, header, NOW)).toBeNull();
    expect(await verifiedFinderAddress(SECRET, null, NOW)).toBeNull();
  });
});

describe('signing', () => {
  it('refuses what is not an IP address, an empty secret and a time that is not one', async () => {
    for (const address of ['localhost', '192.0.2.1:443', '[::1]', 'fe80::1%eth0', '', '1.2.3.4, 5.6.7.8']) {
      await expect(signFinderIdentity(SECRET, address, NOW), address).rejects.toThrow(TypeError);
    }
    await expect(signFinderIdentity('', '192.0.2.1', NOW)).rejects.toThrow(TypeError);
    for (const time of [Number.NaN, Number.POSITIVE_INFINITY, -1]) {
      await expect(signFinderIdentity(SECRET, '192.0.2.1', time)).rejects.toThrow(TypeError);
    }
  });

  it('signs whole seconds, and by default now', async () => {
    expect((await signFinderIdentity(SECRET, '192.0.2.1', NOW + 0.9)).split('.')[2]).toBe(String(NOW));
    const header = await signFinderIdentity(SECRET, '192.0.2.1');
    expect(await verifiedFinderAddress(SECRET, header)).toBe('192.0.2.1');
  });
});
