// What the owner's phone fields store: the number they meant, in E.164 ('+33612345678'), read by
// libphonenumber-js with France as the default country (+33, docs/product/public-contacts.md). Only the portal's forms
// load it (through schemas.ts): the scan page builds its links from the stored E.164 value with phone.ts's small
// helpers, and the functions never parse an owner's phone.
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { PHONE_TEXT } from './phone.ts';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'FR';

function parsed(text: string) {
  const phone = text.trim();
  // The library would find a number inside any text ('Appelez le 06…', 'tel:06…'): a field holds a number alone.
  if (!PHONE_TEXT.test(phone)) return undefined;
  return parsePhoneNumberFromString(phone, DEFAULT_PHONE_COUNTRY);
}

/**
 * The number a phone field means, in E.164, or null when it is no valid number. '+33 (0)6 12 34 56 78' (the
 * French business card's trunk prefix in brackets), '0033 6 12 34 56 78' and '06 12 34 56 78' are all
 * '+33612345678'; a number with an extension is refused, since no call link can dial it.
 */
export function e164Phone(text: string): string | null {
  const number = parsed(text);
  return number?.isValid() && !number.ext ? number.number : null;
}

/**
 * A stored phone as its field shows it back: a French number as the French write it ('06 12 34 56 78'), any
 * other in international form ('+44 20 7946 0958'); a value the library cannot read, as stored.
 */
export function phoneFieldText(stored: string | null | undefined): string {
  const value = stored?.trim() ?? '';
  const number = value === '' ? undefined : parsed(value);
  if (!number?.isValid()) return value;
  return number.country === DEFAULT_PHONE_COUNTRY ? number.formatNational() : number.formatInternational();
}
