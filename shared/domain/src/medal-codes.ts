import { CODE_PATTERN } from './code.ts';

/**
 * The symbols of minted medal codes: Crockford's base 32, which leaves out the letters that look like
 * digits (I, L, O) and U. 32 symbols, so one random byte's low 5 bits pick one without bias.
 */
export const MEDAL_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random symbols per minted code: 10 × 5 = 50 bits, far beyond guessing at the scan page's rate limit. */
export const MEDAL_SYMBOLS = 10;
/** How the symbols are printed and typed: MDL-7KQ4-M9XP-3T, short groups to read aloud. */
const GROUPS = [4, 4, 2];

/** Groups 10 symbols as a medal code: MDL-XXXX-XXXX-XX. */
function grouped(symbols: string, prefix = 'MDL'): string {
  let start = 0;
  const parts = GROUPS.map((size) => {
    const part = symbols.slice(start, start + size);
    start += size;
    return part;
  });
  return `${prefix}-${parts.join('-')}`;
}

/** What may stand before a minted code's symbols: MDL, or MDL and a short group of its own (MDL-CHAT). */
export const MEDAL_PREFIX_PATTERN = /^MDL(-[A-Z0-9]{1,8})?$/;

/**
 * A new medal code from a cryptographic generator (`crypto.getRandomValues` in the browser, Node and Deno).
 * A prefix other than MDL keeps the code within the spec's MDL-... pattern.
 */
export function newMedalCode(randomBytes: (length: number) => Uint8Array = defaultRandomBytes, prefix = 'MDL'): string {
  if (!MEDAL_PREFIX_PATTERN.test(prefix)) throw new Error(`a medal code's prefix is MDL or MDL-XXXX, not ${prefix}`);
  const bytes = randomBytes(MEDAL_SYMBOLS);
  if (bytes.length !== MEDAL_SYMBOLS) throw new Error('randomBytes gave the wrong number of bytes');
  return grouped(Array.from(bytes, (byte) => MEDAL_ALPHABET.charAt(byte & 31)).join(''), prefix);
}

function defaultRandomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** What a person may type for a symbol they read (Crockford: O is 0, I and L are 1). */
const READ_AS: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * The code a finder meant, from what they typed under 'Vous avez trouvé un animal ?': any case, spaces,
 * dots or missing hyphens, with or without `MDL`. Ten symbols of the minted alphabet (O read as 0, I and L
 * as 1), in the printed groups or run together, give a minted code in its printed grouping; anything else
 * is kept as typed, its groups joined by hyphens (the older codes, such as MDL-DEMO-REX). Null when nothing
 * like a code is left.
 */
export function codeFromTyped(typed: string): string | null {
  const groups = typed
    .normalize('NFKC')
    .toUpperCase()
    .split(/[\s\-._/]+/)
    .filter((group) => group !== '');
  if (groups[0] === 'MDL') groups.shift();
  else if (groups[0]?.startsWith('MDL') && groups.join('').length === 3 + MEDAL_SYMBOLS) groups[0] = groups[0].slice(3);
  const symbols = Array.from(groups.join(''), (symbol) => READ_AS[symbol] ?? symbol).join('');
  if (
    symbols.length === MEDAL_SYMBOLS &&
    Array.from(symbols).every((symbol) => MEDAL_ALPHABET.includes(symbol)) &&
    splitsAsPrinted(groups)
  ) {
    return grouped(symbols);
  }
  const code = `MDL-${groups.join('-')}`;
  return groups.length > 0 && CODE_PATTERN.test(code) ? code : null;
}

/** Where the printed groups end inside a minted code's symbols: after the 4th and the 8th. */
let printedLength = 0;
const PRINTED_BREAKS = GROUPS.slice(0, -1).map((size) => (printedLength += size));

/**
 * Whether typed groups only join printed ones ('7KQ4M9XP 3T', or none at all): an older code of 10 symbols
 * written in other groups (MDL-EMWX1IZ30-4) is not a minted code misread.
 */
function splitsAsPrinted(groups: string[]): boolean {
  let end = 0;
  return groups.slice(0, -1).every((group) => {
    end += group.length;
    return PRINTED_BREAKS.includes(end);
  });
}

/** Whether a code is one the minting makes (MDL-XXXX-XXXX-XX in the alphabet above, after any prefix). */
export function isMintedCode(code: string): boolean {
  return /^MDL(-[A-Z0-9]{1,8})?-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{2}$/.test(code);
}
