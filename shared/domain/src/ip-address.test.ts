import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalIpAddress } from './ip-address.ts';

/** The address in random letter case, as some systems write IPv6. */
const anyCase = (address: string) =>
  fc
    .array(fc.boolean(), { minLength: address.length, maxLength: address.length })
    .map((upper) => Array.from(address, (char, index) => (upper[index] ? char.toUpperCase() : char)).join(''));
const anyAddress = fc.oneof(fc.ipV4(), fc.ipV6()).chain(anyCase);

/** The IPv4 address of an IPv4-mapped IPv6 address's last two pieces. */
function dottedQuad(high: string, low: string): string {
  const [a, b] = [Number.parseInt(high, 16), Number.parseInt(low, 16)];
  return [a >> 8, a & 255, b >> 8, b & 255].join('.');
}

describe('canonicalIpAddress', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:0db8::0001', '2001:db8::1'],
    ['::1', '::1'],
    ['::', '::'],
    ['1::', '1::'],
    // A single zero group stays; of two equal runs, the first becomes `::` (RFC 5952).
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'],
    // How a dual-stack socket shows an IPv4 client: that client.
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:c000:201', '192.0.2.1'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:102:304'],
    ['::1.2.3.4', '::102:304'],
  ])('writes %s as %s', (text, canonical) => {
    expect(canonicalIpAddress(text)).toBe(canonical);
  });

  it.each([
    '',
    'localhost',
    '256.1.1.1',
    '01.2.3.4',
    '1.2.3',
    '1.2.3.4.5',
    '1.2.3.',
    ' 1.2.3.4',
    '1.2.3.4 ',
    '1.2.3.4:80',
    '+1.2.3.4',
    '1e2.0.0.1',
    '[::1]',
    'fe80::1%eth0',
    ':::',
    '1::2::3',
    ':1::',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7::8',
    '12345::',
    'g::1',
    '1.2.3.4::',
    '::1.2.3',
    '::01.2.3.4',
    '1:2:3:4:5:6:7:1.2.3.4',
    '0000000000000000000000000000000000000000000::1',
  ])('refuses %j', (text) => {
    expect(canonicalIpAddress(text)).toBeNull();
  });

  it('reads every IPv4 and IPv6 text form, in any case, and writes it as an address that stays as it is', () => {
    fc.assert(
      fc.property(anyAddress, (address) => {
        const canonical = canonicalIpAddress(address);
        expect(canonical).not.toBeNull();
        expect(isIP(canonical as string)).toBeGreaterThan(0);
        expect(canonicalIpAddress(canonical as string)).toBe(canonical);
      }),
    );
  });

  it('writes IPv6 as the WHATWG URL serializer does (RFC 5952), except IPv4-mapped addresses', () => {
    fc.assert(
      fc.property(fc.ipV6().chain(anyCase), (address) => {
        const canonical = canonicalIpAddress(address) as string;
        const url = new URL(`http://[${address}]/`).hostname.slice(1, -1);
        // An IPv4-mapped address (::ffff:102:304) is written as the IPv4 address it maps (1.2.3.4).
        const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(url);
        expect(canonical).toBe(mapped ? dottedQuad(mapped[1] as string, mapped[2] as string) : url);
      }),
      { examples: [['::ffff:1.2.3.4'], ['::FFFF:c0a8:1']] },
    );
  });

  it('accepts nothing that Node does not take for an address, whatever the text', () => {
    const addressLike = fc
      .array(fc.constantFrom(...'0123456789abcdefABCDEF:.%[] '.split('')), { maxLength: 46 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string(), addressLike), (text) => {
        const canonical = canonicalIpAddress(text);
        if (canonical !== null) expect(isIP(text)).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});
