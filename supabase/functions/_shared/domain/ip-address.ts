// Generated from shared/domain/src/ip-address.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
// IP addresses read strictly and written one way, so that one machine has one spelling: a rate limit keyed on
// the text would otherwise give "2001:DB8::1" and "2001:db8:0::1" two buckets.

/** The longest text of an IP address (an IPv6 address ending in dotted IPv4), so longer input is refused at once. */
const MAX_ADDRESS_LENGTH = 45;

/** The four bytes of a dotted IPv4 address; null for anything else (leading zeros too: some parsers read them as octal). */
function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes;
}

/** The 16-bit groups of one side of an IPv6 address's `::`; the last group may be dotted IPv4 where `allowIpv4` says. */
function ipv6Groups(side: string, allowIpv4: boolean): number[] | null {
  if (side === '') return [];
  const pieces = side.split(':');
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (allowIpv4 && index === pieces.length - 1 && piece.includes('.')) {
      const bytes = ipv4Bytes(piece);
      if (!bytes) return null;
      groups.push(
        ((bytes[0] as number) << 8) | (bytes[1] as number),
        ((bytes[2] as number) << 8) | (bytes[3] as number),
      );
    } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
      groups.push(Number.parseInt(piece, 16));
    } else {
      return null;
    }
  }
  return groups;
}

/** The eight groups of an IPv6 address (RFC 4291's text forms, without a zone); null for anything else. */
function ipv6Address(text: string): number[] | null {
  const sides = text.split('::');
  if (sides.length === 1) {
    const groups = ipv6Groups(text, true);
    return groups?.length === 8 ? groups : null;
  }
  if (sides.length !== 2) return null;
  const head = ipv6Groups(sides[0] as string, false);
  const tail = ipv6Groups(sides[1] as string, true);
  // `::` stands for at least one zero group.
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * The one way of writing an IP address, or null when `text` is not exactly an IPv4 or IPv6 address (no port,
 * brackets, zone, spaces, or leading zeros in IPv4): IPv4 in dotted decimal; an IPv4-mapped IPv6 address
 * (::ffff:a.b.c.d, how a dual-stack socket shows an IPv4 client) as that IPv4 address, since it is that client;
 * any other IPv6 address as RFC 5952 writes it (lower case, no leading zeros, the first longest run of two or
 * more zero groups as `::`).
 */
export function canonicalIpAddress(text: string): string | null {
  if (text.length > MAX_ADDRESS_LENGTH) return null;
  const ipv4 = ipv4Bytes(text);
  if (ipv4) return ipv4.join('.');
  const groups = ipv6Address(text);
  if (!groups) return null;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6] as number, groups[7] as number];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  let zeros = { start: 0, length: 0 };
  for (let start = 0; start < 8; start += 1) {
    let end = start;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - start > zeros.length) zeros = { start, length: end - start };
  }
  const hex = groups.map((group) => group.toString(16));
  if (zeros.length < 2) return hex.join(':');
  return `${hex.slice(0, zeros.start).join(':')}::${hex.slice(zeros.start + zeros.length).join(':')}`;
}
