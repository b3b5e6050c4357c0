// Generated from shared/domain/src/phone.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
const DEFAULT_COUNTRY_PREFIX = '+33';

function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** What people put between a number's digits: spaces, dots, dashes, slashes and brackets. */
const PHONE_TEXT = /^\+?[\d\s.\-/()]+$/;

/**
 * A phone number as people write one: digits with the usual separators and at most one leading '+', and
 * between 6 digits (short local numbers abroad) and 15 (the most E.164 allows). 'abc' or an e-mail is not.
 */
export function isPhoneNumber(text: string): boolean {
  const phone = text.trim();
  const digits = digitsOf(phone).length;
  return PHONE_TEXT.test(phone) && digits >= 6 && digits <= 15;
}

/** A phone with exactly 10 digits is shown in pairs ('06 12 34 56 78'); anything else as typed. */
export function formatPhone(phone: string): string {
  const digits = digitsOf(phone);
  if (digits.length === 10 && !phone.trim().startsWith('+')) return digits.replace(/(\d{2})(?=\d)/g, '$1 ');
  return phone.trim();
}

/** A phone in international form: separators removed, a leading 00 read as +, a leading 0 replaced by +33. */
export function internationalPhone(phone: string): string {
  const compact = phone.trim().replace(/[^\d+]/g, '');
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  return compact.startsWith('0') ? DEFAULT_COUNTRY_PREFIX + compact.slice(1) : compact;
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
