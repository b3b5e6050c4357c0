import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_PATTERN } from './code.ts';
import { codeFromTyped, isMintedCode, MEDAL_ALPHABET, newMedalCode } from './medal-codes.ts';

describe('newMedalCode', () => {
  it('has 10 symbols of the alphabet without look-alikes, grouped 4-4-2, and fits the spec pattern', () => {
    expect(MEDAL_ALPHABET).toHaveLength(32);
    expect(MEDAL_ALPHABET).not.toMatch(/[ILOU]/);
    for (let i = 0; i < 2000; i += 1) {
      const code = newMedalCode();
      expect(code).toMatch(/^MDL-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
      expect(CODE_PATTERN.test(code)).toBe(true);
      expect(isMintedCode(code)).toBe(true);
    }
  });

  it('gives each symbol to exactly 8 of the 256 byte values (no modulo bias): 5 bits a symbol, 50 a code', () => {
    const counts = new Map<string, number>();
    for (let start = 0; start < 256; start += 10) {
      const bytes = Uint8Array.from({ length: 10 }, (_, i) => (start + i) % 256);
      const symbols = newMedalCode(() => bytes)
        .slice(4)
        .replaceAll('-', '');
      for (const symbol of symbols.slice(0, Math.min(10, 256 - start)))
        counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe([...MEDAL_ALPHABET].sort().join(''));
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it('takes a prefix of its own within the spec pattern, and refuses any other', () => {
    const code = newMedalCode(undefined, 'MDL-CHAT');
    expect(code).toMatch(/^MDL-CHAT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
    expect(isMintedCode(code)).toBe(true);
    for (const prefix of ['ABC', 'MDL-', 'mdl', 'MDL-TROPLONGUE', 'MDL-A B']) {
      expect(() => newMedalCode(undefined, prefix), prefix).toThrow();
    }
  });

  it('maps each byte to one symbol by its low 5 bits', () => {
    expect(newMedalCode(() => Uint8Array.from([0, 1, 2, 3, 31, 32, 33, 255, 30, 29]))).toBe('MDL-0123-Z01Z-YX');
  });
});

describe('codeFromTyped', () => {
  it.each([
    ['MDL-7KQ4-M9XP-3T', 'MDL-7KQ4-M9XP-3T'],
    ['mdl-7kq4-m9xp-3t', 'MDL-7KQ4-M9XP-3T'],
    ['7KQ4 M9XP 3T', 'MDL-7KQ4-M9XP-3T'],
    ['7kq4m9xp3t', 'MDL-7KQ4-M9XP-3T'],
    ['MDL7KQ4M9XP3T', 'MDL-7KQ4-M9XP-3T'],
    [' mdl 7KQ4.M9XP.3T ', 'MDL-7KQ4-M9XP-3T'],
    ['MDL-OKQ4-M9XP-IL', 'MDL-0KQ4-M9XP-11'],
    ['ｍｄｌ－７ＫＱ４－Ｍ９ＸＰ－３Ｔ', 'MDL-7KQ4-M9XP-3T'],
    ['MDL-DEMO-REX', 'MDL-DEMO-REX'],
    ['mdl demo rex', 'MDL-DEMO-REX'],
    ['demo-rex', 'MDL-DEMO-REX'],
    ['MDL-DEMO-FREE1', 'MDL-DEMO-FREE1'],
    // An older code of 10 symbols grouped otherwise than 4-4-2 is kept as it is written, its I and O too.
    ['MDL-EMWX1IZ30-4', 'MDL-EMWX1IZ30-4'],
    ['mdl 12345 6789O', 'MDL-12345-6789O'],
    ['MDL-TOTO-LILI2', 'MDL-TOTO-LILI2'],
    // Groups a person made of the printed ones (4-4-2) are still the minted code.
    ['7KQ4M9XP 3T', 'MDL-7KQ4-M9XP-3T'],
    ['7KQ4 M9XP3T', 'MDL-7KQ4-M9XP-3T'],
  ])('%s → %s', (typed, code) => {
    expect(codeFromTyped(typed)).toBe(code);
  });

  it.each(['', '   ', 'MDL', 'MDL-', '---', 'é@!', 'MDL-<script>'])('%s gives no code', (typed) => {
    expect(codeFromTyped(typed)).toBeNull();
  });

  it('finds every minted code again, however a person types it', () => {
    const typing = fc.record({
      lower: fc.boolean(),
      prefix: fc.constantFrom('MDL-', 'mdl ', 'MDL', ''),
      separator: fc.constantFrom('-', ' ', '', '.'),
      lookAlikes: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 10, maxLength: 10 }), typing, (bytes, how) => {
        const code = newMedalCode(() => bytes);
        let typed = how.prefix + code.slice(4).split('-').join(how.separator);
        if (how.lookAlikes) typed = typed.replaceAll('0', 'O').replaceAll('1', 'l');
        if (how.lower) typed = typed.toLowerCase();
        expect(codeFromTyped(typed)).toBe(code);
      }),
    );
  });
});
