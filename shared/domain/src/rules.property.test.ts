// Properties of the domain rules over arbitrary input (fast-check): whatever a person, a scanner or an
// attacker types, the rules answer with data or a validation error, never an exception, and what they let
// through keeps its promises.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageText } from './age.ts';
import { CODE_PATTERN, normalizeCode } from './code.ts';
import { LIMITS } from './limits.ts';
import { phoneHref } from './phone.ts';
import { isSecondContact, secondContactName, visibleContacts } from './public-contacts.ts';
import { activationFormSchema, finderMessageSchema, publicContactsSchema } from './schemas.ts';
import { hasControlCharacters, withoutControlCharacters } from './text.ts';

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }));
const codeLike = fc
  .array(fc.constantFrom(...'MDL-mdl-0123456789ABCXYZ abc \t'.split('')), { maxLength: 24 })
  .map((chars) => chars.join(''));

describe('medal codes', () => {
  it('normalise to null or a code of the pattern, and normalising twice changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, codeLike), (raw) => {
        const code = normalizeCode(raw);
        if (code !== null) {
          expect(code).toMatch(CODE_PATTERN);
          expect(normalizeCode(code)).toBe(code);
        }
      }),
    );
  });

  it('ignore case and surrounding spaces', () => {
    fc.assert(
      fc.property(codeLike, (raw) => {
        expect(normalizeCode(`  ${raw.toLowerCase()}\n`)).toBe(normalizeCode(raw.toUpperCase()));
      }),
    );
  });
});

describe('contacts a finder sees', () => {
  const contacts = fc.record({
    public_phone: fc.option(anyText),
    public_email: fc.option(anyText),
    public_address_line: fc.option(anyText),
    public_city: fc.option(anyText),
    show_public_phone: fc.option(fc.boolean()),
    show_public_email: fc.option(fc.boolean()),
    show_public_address: fc.option(fc.boolean()),
    second_contact_name: fc.option(anyText),
    second_contact_phone: fc.option(anyText),
    second_contact_email: fc.option(anyText),
    show_second_contact_phone: fc.option(fc.boolean()),
    show_second_contact_email: fc.option(fc.boolean()),
  });
  const switchOf = {
    phone: 'show_public_phone',
    email: 'show_public_email',
    address: 'show_public_address',
    second_phone: 'show_second_contact_phone',
    second_email: 'show_second_contact_email',
  } as const;

  it('never show an item whose switch is off, and link only to tel:, mailto: or the maps service', () => {
    fc.assert(
      fc.property(contacts, (values) => {
        for (const item of visibleContacts(values)) {
          expect(values[switchOf[item.kind]]).toBe(true);
          expect(item.href).toMatch(/^(tel:[+\d]*|mailto:.+|https:\/\/www\.openstreetmap\.org\/search\?query=.*)$/s);
        }
        // The second contact's name is read only before one of its items.
        if (secondContactName(values) !== null) expect(visibleContacts(values).some(isSecondContact)).toBe(true);
      }),
    );
  });

  it('call a leading 00 as +, another leading 0 as +33, and keep only digits and + in a tel: link', () => {
    fc.assert(
      fc.property(anyText, (phone) => {
        const href = phoneHref(phone);
        expect(href).toMatch(/^tel:\+?[\d+]*$/);
        // After an international prefix, a trunk prefix in brackets ('+33 (0)6 …') is not dialled.
        const text = /^(\+|00)/.test(phone.trim()) ? phone.trim().replace(/\(\s*0\s*\)/g, '') : phone.trim();
        const compact = text.replace(/[^\d+]/g, '');
        // 00 is the international prefix ('0044…' is a British number), not a French number's 0; France's
        // trunk 0 after +33 is not dialled either.
        if (compact.startsWith('00'))
          expect(href).toBe(`tel:+${compact.slice(2)}`.replace(/^tel:\+330(?=\d{9}$)/, 'tel:+33'));
        else if (compact.startsWith('0')) expect(href.startsWith('tel:+33')).toBe(true);
      }),
    );
  });
});

describe('forms', () => {
  it('answer any input with success or issues, and a finder’s message within its limits', () => {
    fc.assert(
      fc.property(fc.anything(), fc.record({ message: anyText, contact: anyText, website: anyText }), (any, form) => {
        for (const input of [any, form]) {
          const result = finderMessageSchema.safeParse(input);
          if (result.success) {
            expect((result.data.message ?? '').length).toBeLessThanOrEqual(LIMITS.messageMaxLength);
            expect((result.data.contact ?? '').length).toBeLessThanOrEqual(LIMITS.finderContactMaxLength);
            expect(result.data.message ?? result.data.contact).not.toBeNull();
          }
        }
      }),
    );
  });

  it('turn an accepted activation into a code of the pattern and a name within its limit', async () => {
    const activation = fc.record(
      {
        code: fc.oneof(codeLike, anyText),
        name: anyText,
        species: fc.constantFrom('dog', 'cat', 'other', '', 'Autre'),
        customSpecies: anyText,
        birth_year: fc.oneof(fc.integer(), fc.string(), fc.double()),
        weight_kg: fc.oneof(fc.double(), fc.string()),
        sex: fc.oneof(anyText, fc.constantFrom('M', 'F', '')),
        owner_email: anyText,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(activation, fc.anything()), async (input) => {
        const result = await activationFormSchema.safeParseAsync(input);
        if (result.success) {
          expect(result.data.p_code).toMatch(CODE_PATTERN);
          expect(result.data.p_animal.nom.length).toBeGreaterThan(0);
          expect(result.data.p_animal.nom.length).toBeLessThanOrEqual(LIMITS.nameMaxLength);
        }
      }),
    );
  });

  it('keep public contacts within the spec’s lengths', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ public_phone: anyText, public_city: anyText, public_address_line: anyText }),
        async (input) => {
          const result = await publicContactsSchema.safeParseAsync(input);
          if (result.success) {
            expect((result.data.public_phone ?? '').length).toBeLessThanOrEqual(LIMITS.phoneMaxLength);
            expect((result.data.public_city ?? '').length).toBeLessThanOrEqual(LIMITS.cityMaxLength);
          }
        },
      ),
    );
  });
});

describe('text', () => {
  it('without its control characters has none left, and only those are removed', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const clean = withoutControlCharacters(text);
        expect(hasControlCharacters(clean)).toBe(false);
        expect(hasControlCharacters(text)).toBe(clean !== text);
      }),
    );
  });

  it('tells an age for any birth year without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.constant(null)), (year) => {
        expect(typeof ageText(year, new Date('2026-06-01'))).toBe('string');
      }),
    );
  });
});
