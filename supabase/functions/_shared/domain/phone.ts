// Generated from shared/domain/src/phone.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
const DEFAULT_COUNTRY_PREFIX = '+33';

function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** What people put between a number's digits: spaces, dots, dashes, slashes and brackets. */
export const PHONE_TEXT = /^\+?[\d\s.\-/()]+$/;

/**
 * A phone number as people write one: digits with the usual separators and at most one leading '+', and
 * between 6 digits (short local numbers abroad) and 15 (the most E.164 allows). 'abc' or an e-mail is not.
 */
export function isPhoneNumber(text: string): boolean {
  const phone = text.trim();
  const digits = digitsOf(phone).length;
  return PHONE_TEXT.test(phone) && digits >= 6 && digits <= 15;
}

/** A French number in E.164, as the portal stores one: +33 and its 9 digits. */
const FRENCH_E164 = /^\+33(\d{9})$/;

const inPairs = (digits: string) => digits.replace(/(\d{2})(?=\d)/g, '$1 ');

/**
 * A phone with exactly 10 digits is shown in pairs ('06 12 34 56 78'), and so is a French number stored in
 * E.164 ('+33612345678'), as the French read it; anything else as stored.
 */
export function formatPhone(phone: string): string {
  const text = phone.trim();
  const french = FRENCH_E164.exec(text);
  if (french) return inPairs(`0${french[1]}`);
  const digits = digitsOf(text);
  if (digits.length === 10 && !text.startsWith('+')) return inPairs(digits);
  return text;
}

/**
 * A phone in international form: separators removed, a leading 00 read as +, a leading 0 replaced by +33. The
 * trunk prefix some write after the country code is dropped, as nobody dials it from abroad: '(0)' in
 * '+33 (0)6 …' or '+44 (0)20 …', and the 0 of '+33 06 …'. A stored E.164 value comes out as it is.
 */
export function internationalPhone(phone: string): string {
  const text = phone.trim();
  const international = text.startsWith('+') || text.startsWith('00');
  const compact = (international ? text.replace(/\(\s*0\s*\)/g, '') : text).replace(/[^\d+]/g, '');
  const full = compact.startsWith('00')
    ? `+${compact.slice(2)}`
    : compact.startsWith('0')
      ? DEFAULT_COUNTRY_PREFIX + compact.slice(1)
      : compact;
  return full.replace(/^\+330(?=\d{9}$)/, DEFAULT_COUNTRY_PREFIX);
}

/** The tel: link of a phone. */
export function phoneHref(phone: string): string {
  return `tel:${internationalPhone(phone)}`;
}

/**
 * The sms: link of a phone with a prefilled text. `?&body=` is the form both phones read: Android takes
 * RFC 5724's query (`?body=`, an empty first parameter is ignored), iOS since version 8 wants `&body=`.
 */
export function smsHref(phone: string, body: string): string {
  return `sms:${internationalPhone(phone)}?&body=${encodeURIComponent(body)}`;
}

/** The WhatsApp chat link of a phone (wa.me wants the international number's digits only) with a text. */
export function whatsAppHref(phone: string, text: string): string {
  return `https://wa.me/${internationalPhone(phone).replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
